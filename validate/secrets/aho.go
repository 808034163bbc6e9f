package secrets

// matcher is an Aho-Corasick automaton over lowercased bytes, built as a
// dense DFA over the byte classes that occur in the keywords. One pass over
// a file finds every keyword occurrence; bytes in no keyword share class 0.
type matcher struct {
	class  [256]uint8
	nclass int
	next   []int32   // next[state*nclass+class]
	out    [][]int32 // keyword indexes ending in each state
	// step is next for the scan: step[row+class] is the next state's
	// row (state*nclass), complemented when keywords end in that state.
	step []int32
}

// newMatcher builds the automaton for lowercase keywords.
func newMatcher(keywords []string) *matcher {
	m := &matcher{nclass: 1}
	m.assignClasses(keywords)
	goto_, fail := m.buildTrie(keywords)
	m.buildDFA(goto_, fail)
	m.buildStep()
	return m
}

// buildStep derives the scan's table from the DFA.
func (m *matcher) buildStep() {
	n := int32(m.nclass)
	m.step = make([]int32, len(m.next))
	for i, t := range m.next {
		m.step[i] = t * n
		if m.out[t] != nil {
			m.step[i] = ^(t * n)
		}
	}
}

func (m *matcher) assignClasses(keywords []string) {
	for _, k := range keywords {
		for i := 0; i < len(k); i++ {
			c := k[i]
			if m.class[c] != 0 {
				continue
			}
			m.class[c] = uint8(m.nclass)
			if 'a' <= c && c <= 'z' {
				m.class[c-'a'+'A'] = uint8(m.nclass)
			}
			m.nclass++
		}
	}
}

// buildTrie returns the trie's goto edges (-1 for none), fills m.out with
// each keyword's end state, and returns room for the failure links.
func (m *matcher) buildTrie(keywords []string) ([]int32, []int32) {
	states := 1
	for _, k := range keywords {
		states += len(k)
	}
	goto_ := m.newRow(make([]int32, 0, states*m.nclass))
	m.out = make([][]int32, 1, states)
	for ki, k := range keywords {
		s := int32(0)
		for i := 0; i < len(k); i++ {
			c := int32(m.class[k[i]])
			if goto_[s*int32(m.nclass)+c] < 0 {
				goto_[s*int32(m.nclass)+c] = int32(len(m.out))
				goto_ = m.newRow(goto_)
				m.out = append(m.out, nil)
			}
			s = goto_[s*int32(m.nclass)+c]
		}
		m.out[s] = append(m.out[s], int32(ki))
	}
	return goto_, make([]int32, len(m.out))
}

func (m *matcher) newRow(t []int32) []int32 {
	for i := 0; i < m.nclass; i++ {
		t = append(t, -1)
	}
	return t
}

// buildDFA turns the trie into a full transition table breadth first.
func (m *matcher) buildDFA(goto_, fail []int32) {
	n := int32(m.nclass)
	m.next = goto_
	queue := make([]int32, 0, len(m.out))
	for c := int32(0); c < n; c++ {
		if s := m.next[c]; s > 0 {
			fail[s] = 0
			queue = append(queue, s)
		} else {
			m.next[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		m.out[s] = append(m.out[s], m.out[fail[s]]...)
		for c := int32(0); c < n; c++ {
			t := m.next[s*n+c]
			if t < 0 {
				m.next[s*n+c] = m.next[fail[s]*n+c]
				continue
			}
			fail[t] = m.next[fail[s]*n+c]
			queue = append(queue, t)
		}
	}
}

// kwHit is one keyword occurrence: the offset just past it, and the
// keyword's index.
type kwHit struct {
	end int
	kw  int32
}

// any tells whether some keyword occurs in data.
func (m *matcher) any(data []byte) bool {
	var row int32
	step, class := m.step, &m.class
	for _, b := range data {
		if row = step[row+int32(class[b])]; row < 0 {
			return true
		}
	}
	return false
}

// find appends every keyword occurrence in data to out, in order of the
// occurrence's end.
func (m *matcher) find(data []byte, out []kwHit) []kwHit {
	var row int32
	n := int32(m.nclass)
	step, class := m.step, &m.class
	for i, b := range data {
		row = step[row+int32(class[b])]
		if row < 0 {
			row = ^row
			for _, k := range m.out[row/n] {
				out = append(out, kwHit{i + 1, k})
			}
		}
	}
	return out
}
