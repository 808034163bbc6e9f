package agents

import (
	"bytes"
	"slices"

	"github.com/remnant-guard/remnant-guard/internal/jsonedit"
)

// undo takes remnant-guard's entries out of src so that the file comes
// back as it was before install: of the ways to remove them (dropping the
// containers they leave empty or keeping them, keeping comments beside an
// only item), it takes the first whose result install turns back into src
// exactly. When none does (the file was edited since), the containers left
// empty go. gone is true when the file holds nothing else and install
// would have created it.
func (se settingsEditor) undo(src []byte) (out []byte, n int, gone bool, err error) {
	out, n, err = se.remove(src)
	if err != nil || n == 0 {
		return out, n, false, err
	}
	empty := se.isEmpty(out)
	if !se.allCurrent(src) {
		return out, n, empty, nil // entries of an earlier version: install would not write them
	}
	names := se.emptied(src)
	if len(names) == 0 {
		return out, n, empty, nil // no container is left empty: nothing to choose
	}
	comments := se.comments && (bytes.Contains(src, []byte("//")) || bytes.Contains(src, []byte("/*")))
	var cands [][]byte
	seen := map[string]bool{}
	for mask := 0; mask < 1<<(len(names)+1); mask++ {
		r := removal{keep: map[string]bool{}, keepComments: mask&(1<<len(names)) != 0}
		if r.keepComments && !comments {
			continue
		}
		for i, name := range names {
			r.keep[name] = mask&(1<<i) != 0
		}
		if cand, _, err := se.removeKeeping(src, r); err == nil && !seen[string(cand)] {
			seen[string(cand)] = true
			cands = append(cands, cand)
		}
	}
	// Where several originals give the same file, the shortest is taken:
	// no file at all, else the fewest empty containers.
	slices.SortStableFunc(cands, func(a, b []byte) int { return len(a) - len(b) })
	for _, cand := range cands {
		if se.isEmpty(cand) {
			if again, err := se.add([]byte("{}")); err == nil && string(again)+"\n" == string(src) {
				return cand, n, true, nil
			}
		}
		if again, err := se.add(cand); err == nil && bytes.Equal(again, src) {
			return cand, n, false, nil
		}
	}
	return out, n, empty, nil
}

// emptied names the containers removing our handlers leaves empty: the
// events whose groups hold only handlers of ours, and "hooks" when all its
// events are such.
func (se settingsEditor) emptied(src []byte) []string {
	root, err := se.parse(src)
	if err != nil {
		return nil
	}
	hooks := root.Member("hooks")
	if hooks == nil || hooks.Value.Kind != '{' {
		return nil
	}
	var names []string
	for _, evm := range hooks.Value.Members {
		if evm.Value.Kind == '[' && len(evm.Value.Elems) > 0 && onlyOurs(evm.Value) {
			names = append(names, evm.Key)
		}
	}
	if len(names) == len(hooks.Value.Members) {
		names = append(names, "hooks")
	}
	return names
}

// onlyOurs tells an event's list whose every group holds only our handlers.
func onlyOurs(list *jsonedit.Value) bool {
	count := 0
	for _, g := range list.Elems {
		hs := g.Member("hooks")
		if g.Kind != '{' || hs == nil || hs.Value.Kind != '[' {
			return false
		}
		count += len(hs.Value.Elems)
	}
	return len(oursIn(list)) == count
}

// isEmpty tells a settings text that is an empty object and nothing else.
func (se settingsEditor) isEmpty(src []byte) bool {
	root, err := se.parse(src)
	return err == nil && len(root.Members) == 0 && len(bytes.TrimSpace(src)) == 2
}

// allCurrent tells whether every handler of ours in src runs the command
// install writes now.
func (se settingsEditor) allCurrent(src []byte) bool {
	root, err := se.parse(src)
	if err != nil {
		return false
	}
	hooks := root.Member("hooks")
	if hooks == nil || hooks.Value.Kind != '{' {
		return false
	}
	want := hookCommand(se.agent)
	for _, evm := range hooks.Value.Members {
		if evm.Value.Kind != '[' {
			continue
		}
		for _, o := range oursIn(evm.Value) {
			if o.list.Elems[o.handler].Member("command").Value.Str != want {
				return false
			}
		}
	}
	return true
}
