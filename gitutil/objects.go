package gitutil

import "fmt"

// ObjectError is a blob or tree that could not be read: missing from the
// object store, damaged there, or of another type than asked for.
type ObjectError struct {
	Name string // hash or revision asked for; "HEAD (<hash>)" for HEAD when its hash is known
	Want string // "blob", "tree", "commit"
	Got  string // type found; "" when missing or unreadable
}

func (e *ObjectError) Error() string {
	if e.Got == "" {
		return fmt.Sprintf("%s %s cannot be read: it is missing from the object store or damaged there (git fsck tells which)", e.Want, e.Name)
	}
	return fmt.Sprintf("object %s is a %s, not a %s", e.Name, e.Got, e.Want)
}

// objects reads names in order. Full hashes and "HEAD" are read in process
// (odb.go) when the object database allows it; revisions, and whatever the
// in-process reader does not find or cannot decode, go to the Repo's batch
// process, started only when some name needs it. The caller holds r.mu.
func (r *Repo) objects(names []string) ([]object, error) {
	objs, rest := r.odbObjects(names)
	if len(rest) == 0 {
		return objs, nil
	}
	asked := make([]string, len(rest))
	for i, j := range rest {
		asked[i] = names[j]
	}
	got, err := r.batchObjects(asked)
	if err != nil {
		return nil, err
	}
	for i, j := range rest {
		objs[j] = got[i]
	}
	return objs, nil
}

// batchObjects reads names through the Repo's batch process, starting it on
// first use. The caller holds r.mu.
func (r *Repo) batchObjects(names []string) ([]object, error) {
	if r.batch == nil {
		b, err := startBatch(r.TopLevel, r.env)
		if err != nil {
			return nil, err
		}
		r.batch = b
	}
	objs, err := r.batch.query(names)
	if err != nil {
		r.batch = nil // query stopped it
	}
	return objs, err
}

// ReadBlob returns the contents of the blob with the given hash, e.g. a
// Change's Hash.
func (r *Repo) ReadBlob(hash string) ([]byte, error) {
	m, err := r.ReadBlobs([]string{hash})
	if err != nil {
		return nil, err
	}
	return m[hash], nil
}

// ReadBlobs returns the contents of many blobs with one round trip to the
// batch process. Every hash must name a blob.
func (r *Repo) ReadBlobs(hashes []string) (map[string][]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects(hashes)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(hashes))
	for i, o := range objs {
		if o.kind != "blob" {
			return nil, &ObjectError{Name: hashes[i], Want: "blob", Got: o.kind}
		}
		out[hashes[i]] = o.data
	}
	return out, nil
}

// Start prepares the object reader ahead of its first use, so that its
// start-up overlaps with other work: the pack indexes are opened, or, when
// the in-process reader does not support the repository, the batch process
// is started.
func (r *Repo) Start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.odbLocked().off == nil {
		return nil
	}
	_, err := r.batchObjects(nil)
	return err
}
