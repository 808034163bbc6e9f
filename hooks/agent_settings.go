package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// maxOurEntries bounds the stale entries of ours install replaces in one
// event's list.
const maxOurEntries = 64

// settingsEditor edits one agent settings file's text.
type settingsEditor struct {
	name     string // the file, for errors
	agent    Agent
	comments bool // the agent reads comments in its settings (Gemini)
}

func (se settingsEditor) parse(src []byte) (*jsonValue, error) {
	root, err := parseJSON(src, se.comments)
	if err != nil {
		var sy *jsonSyntaxError
		if errors.As(err, &sy) {
			line, col := position(src, sy.off)
			return nil, &JSONError{File: se.name, Line: line, Col: col, Msg: sy.msg}
		}
		return nil, err
	}
	if root.kind != '{' {
		return nil, se.shapeError(src, root, "the file holds no JSON object")
	}
	return root, nil
}

func (se settingsEditor) shapeError(src []byte, v *jsonValue, msg string) error {
	line, col := position(src, v.start)
	return &JSONError{File: se.name, Line: line, Col: col, Msg: msg}
}

// add puts remnant-guard's entries for binary into src, replacing older
// ones of ours; src that already holds them comes back unchanged.
func (se settingsEditor) add(src []byte, binary string) ([]byte, error) {
	for _, ev := range agentEvents()[se.agent] {
		want := se.agent.group(ev, binary)
		done := false
		for round := 0; !done; round++ { // each round removes one stale entry of ours or adds the new one
			if round == maxOurEntries {
				return nil, fmt.Errorf("%s: hooks.%s holds over %d remnant-guard entries: remove them with uninstall --agent %s first", se.name, ev.name, maxOurEntries, se.agent)
			}
			var err error
			if src, done, err = se.addEvent(src, ev, want); err != nil {
				return nil, err
			}
		}
	}
	return src, nil
}

// addEvent makes one edit towards want being the only entry of ours for
// ev; done is true once it is.
func (se settingsEditor) addEvent(src []byte, ev agentEvent, want hookGroup) (out []byte, done bool, err error) {
	root, err := se.parse(src)
	if err != nil {
		return nil, false, err
	}
	unit := indentUnit(src, root)
	hooks := root.member("hooks")
	if hooks == nil {
		e, err := appendItem(src, root, unit, func(ind string) (string, error) {
			return renderMember("hooks", map[string][]hookGroup{ev.name: {want}}, ind, unit)
		})
		return e.apply(src), true, err
	}
	if hooks.value.kind != '{' {
		return nil, false, se.shapeError(src, hooks.value, `"hooks" is not an object`)
	}
	evm := hooks.value.member(ev.name)
	if evm == nil {
		e, err := appendItem(src, hooks.value, unit, func(ind string) (string, error) {
			return renderMember(ev.name, []hookGroup{want}, ind, unit)
		})
		return e.apply(src), true, err
	}
	if evm.value.kind != '[' {
		return nil, false, se.shapeError(src, evm.value, fmt.Sprintf("hooks.%s is not an array", ev.name))
	}
	ours := oursIn(evm.value)
	if len(ours) == 1 && se.sameGroup(src, evm.value.elems[ours[0].group], want) {
		return src, true, nil
	}
	if len(ours) > 0 {
		return ours[0].remove(src, root, hooks, evm, removal{}).apply(src), false, nil
	}
	e, err := appendItem(src, evm.value, unit, func(ind string) (string, error) {
		return renderJSON(want, ind, unit)
	})
	return e.apply(src), true, err
}

// sameGroup tells whether the group at g is exactly want.
func (se settingsEditor) sameGroup(src []byte, g *jsonValue, want hookGroup) bool {
	var got hookGroup
	if json.Unmarshal(src[g.start:g.end], &got) != nil {
		return false
	}
	return reflect.DeepEqual(got, want)
}

// remove takes remnant-guard's entries out of src; n is how many handlers
// it removed. Containers left empty go too, unless keep names them.
func (se settingsEditor) remove(src []byte) (out []byte, n int, err error) {
	return se.removeKeeping(src, removal{})
}

// removal says which containers left empty by removing our handlers stay:
// events by name, "hooks" itself, and whether an only item leaves the
// comments beside it (the inverse of what install adds to an object that
// held only comments).
type removal struct {
	keep         map[string]bool
	keepComments bool
}

func (se settingsEditor) removeKeeping(src []byte, r removal) (out []byte, n int, err error) {
	for {
		root, err := se.parse(src)
		if err != nil {
			return nil, n, err
		}
		hooks := root.member("hooks")
		if hooks == nil || hooks.value.kind != '{' {
			return src, n, nil
		}
		found := false
		for i := range hooks.value.members {
			evm := &hooks.value.members[i]
			if evm.value.kind != '[' {
				continue
			}
			if ours := oursIn(evm.value); len(ours) > 0 {
				src = ours[0].remove(src, root, hooks, evm, r).apply(src)
				found = true
				n++
				break
			}
		}
		if !found {
			return src, n, nil
		}
	}
}

// ourHandler is where a handler of ours sits in an event's list.
type ourHandler struct {
	group, handler int
	list           *jsonValue // the group's "hooks" array
}

// oursIn finds remnant-guard's handlers in an event's list of groups.
func oursIn(list *jsonValue) []ourHandler {
	var out []ourHandler
	for gi, g := range list.elems {
		if g.kind != '{' {
			continue
		}
		hs := g.member("hooks")
		if hs == nil || hs.value.kind != '[' {
			continue
		}
		for hi, h := range hs.value.elems {
			if h.kind != '{' {
				continue
			}
			if c := h.member("command"); c != nil && c.value.kind == '"' && isOurCommand(c.value.str) {
				out = append(out, ourHandler{group: gi, handler: hi, list: hs.value})
			}
		}
	}
	return out
}

// remove is the edit that takes the handler out, with its group when the
// group holds nothing else, the event when its list then is empty, and
// "hooks" when that was its only event.
func (o ourHandler) remove(src []byte, root *jsonValue, hooks, evm *jsonMember, r removal) jsonEdit {
	switch {
	case len(o.list.elems) > 1:
		return removeItem(o.list, o.handler)
	case len(evm.value.elems) > 1 || r.keep[evm.key]:
		return r.removeItem(src, evm.value, o.group)
	case len(hooks.value.members) > 1 || r.keep["hooks"]:
		return r.removeItem(src, hooks.value, memberIndex(hooks.value, evm))
	}
	return r.removeItem(src, root, memberIndex(root, hooks))
}

// removeItem is removeItem, except that an only item beside comments is
// taken out with the line break and indentation install put before it,
// and the comments stay.
func (r removal) removeItem(src []byte, v *jsonValue, i int) jsonEdit {
	starts := itemStarts(v)
	if !r.keepComments || len(starts) != 1 {
		return removeItem(v, i)
	}
	start := bytes.LastIndexByte(src[:starts[0]], '\n')
	if start <= v.start {
		return removeItem(v, i)
	}
	if start > 0 && src[start-1] == '\r' {
		start--
	}
	return jsonEdit{start: start, end: v.end - 1}
}

func memberIndex(obj *jsonValue, m *jsonMember) int {
	for i := range obj.members {
		if obj.members[i].keyStart == m.keyStart {
			return i
		}
	}
	return -1
}
