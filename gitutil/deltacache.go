package gitutil

// deltaCacheLimit bounds the bytes the delta-base cache holds, as git's
// core.deltaBaseCacheLimit does (git's default is 96 MiB; a hook reads
// far less).
const deltaCacheLimit = 16 << 20

// deltaCache keeps the objects recently used as delta bases, by where
// they sit in their pack, so that the many deltas of one base (versions
// of a file, trees of a directory) inflate and rebuild it once. It holds
// at most limit bytes and drops the least recently used entry first; an
// object larger than half the limit is not kept.
//
// A base is admitted the second time it is needed: a hook reads one
// version of each of many files, whose chains share nothing, and keeping
// every base would only cost memory and the collector's time. The
// bases seen once are remembered by position, at most maxSeen of them.
type deltaCache struct {
	seen        map[cacheKey]struct{}
	limit, used int
	evicted     int // entries dropped to stay within the limit
	hits        int // bases found in the cache
	m           map[cacheKey]*cacheEntry
	lru         cacheEntry // sentinel: lru.next is the most recent
}

type cacheKey struct {
	p   *pack
	off int64
}

type cacheEntry struct {
	key        cacheKey
	typ        byte // pack type of the rebuilt object (1-4)
	data       []byte
	prev, next *cacheEntry
}

// maxSeen bounds the bases remembered as needed once.
const maxSeen = 1 << 14

func newDeltaCache(limit int) *deltaCache {
	c := &deltaCache{limit: limit, m: make(map[cacheKey]*cacheEntry), seen: make(map[cacheKey]struct{})}
	c.lru.next, c.lru.prev = &c.lru, &c.lru
	return c
}

// admit tells whether the base at (p, off) is needed for the second time
// (or more), and so to be kept; the first time, it is remembered.
func (c *deltaCache) admit(p *pack, off int64) bool {
	k := cacheKey{p, off}
	if _, ok := c.seen[k]; ok {
		return true
	}
	if len(c.seen) >= maxSeen {
		clear(c.seen)
	}
	c.seen[k] = struct{}{}
	return false
}

// get returns the cached object at (p, off). Its data is shared with the
// cache: callers copy what they hand out.
func (c *deltaCache) get(p *pack, off int64) (typ byte, data []byte, ok bool) {
	e := c.m[cacheKey{p, off}]
	if e == nil {
		return 0, nil, false
	}
	c.hits++
	c.unlink(e)
	c.push(e)
	return e.typ, e.data, true
}

// add keeps data as the object at (p, off), evicting the oldest entries
// until the cache is within its limit.
func (c *deltaCache) add(p *pack, off int64, typ byte, data []byte) {
	k := cacheKey{p, off}
	if len(data) > c.limit/2 || c.m[k] != nil {
		return
	}
	for c.used+len(data) > c.limit && c.lru.prev != &c.lru {
		c.remove(c.lru.prev)
		c.evicted++
	}
	e := &cacheEntry{key: k, typ: typ, data: data}
	c.m[k] = e
	c.used += len(data)
	c.push(e)
}

func (c *deltaCache) remove(e *cacheEntry) {
	c.unlink(e)
	delete(c.m, e.key)
	c.used -= len(e.data)
}

func (c *deltaCache) unlink(e *cacheEntry) {
	e.prev.next, e.next.prev = e.next, e.prev
}

func (c *deltaCache) push(e *cacheEntry) {
	e.prev, e.next = &c.lru, c.lru.next
	c.lru.next.prev = e
	c.lru.next = e
}
