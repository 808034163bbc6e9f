package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/remnant-guard/remnant-guard/internal/jsonedit"
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

func (se settingsEditor) parse(src []byte) (*jsonedit.Value, error) {
	root, err := jsonedit.Parse(src, se.comments)
	if err != nil {
		var sy *jsonedit.SyntaxError
		if errors.As(err, &sy) {
			line, col := jsonedit.Position(src, sy.Off)
			return nil, &jsonedit.Error{File: se.name, Line: line, Col: col, Msg: sy.Msg}
		}
		return nil, err
	}
	if root.Kind != '{' {
		return nil, se.shapeError(src, root, "the file holds no JSON object")
	}
	return root, nil
}

func (se settingsEditor) shapeError(src []byte, v *jsonedit.Value, msg string) error {
	line, col := jsonedit.Position(src, v.Start)
	return &jsonedit.Error{File: se.name, Line: line, Col: col, Msg: msg}
}

// add puts remnant-guard's entries into src, replacing older ones of
// ours; src that already holds them comes back unchanged.
func (se settingsEditor) add(src []byte) ([]byte, error) {
	for _, ev := range se.agent.spec().events {
		want := se.agent.group(ev)
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
func (se settingsEditor) addEvent(src []byte, ev event, want hookGroup) (out []byte, done bool, err error) {
	root, err := se.parse(src)
	if err != nil {
		return nil, false, err
	}
	unit := jsonedit.IndentUnit(src, root)
	hooks := root.Member("hooks")
	if hooks == nil {
		e, err := jsonedit.AppendItem(src, root, unit, func(ind string) (string, error) {
			return jsonedit.RenderMember("hooks", map[string][]hookGroup{ev.name: {want}}, ind, unit)
		})
		return e.Apply(src), true, err
	}
	if hooks.Value.Kind != '{' {
		return nil, false, se.shapeError(src, hooks.Value, `"hooks" is not an object`)
	}
	evm := hooks.Value.Member(ev.name)
	if evm == nil {
		e, err := jsonedit.AppendItem(src, hooks.Value, unit, func(ind string) (string, error) {
			return jsonedit.RenderMember(ev.name, []hookGroup{want}, ind, unit)
		})
		return e.Apply(src), true, err
	}
	if evm.Value.Kind != '[' {
		return nil, false, se.shapeError(src, evm.Value, fmt.Sprintf("hooks.%s is not an array", ev.name))
	}
	ours := oursIn(evm.Value)
	if len(ours) == 1 && se.sameGroup(src, evm.Value.Elems[ours[0].group], want) {
		return src, true, nil
	}
	if len(ours) > 0 {
		return ours[0].remove(src, root, hooks, evm, removal{}).Apply(src), false, nil
	}
	e, err := jsonedit.AppendItem(src, evm.Value, unit, func(ind string) (string, error) {
		return jsonedit.Render(want, ind, unit)
	})
	return e.Apply(src), true, err
}

// sameGroup tells whether the group at g is exactly want.
func (se settingsEditor) sameGroup(src []byte, g *jsonedit.Value, want hookGroup) bool {
	var got hookGroup
	if json.Unmarshal(src[g.Start:g.End], &got) != nil {
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
		hooks := root.Member("hooks")
		if hooks == nil || hooks.Value.Kind != '{' {
			return src, n, nil
		}
		found := false
		for i := range hooks.Value.Members {
			evm := &hooks.Value.Members[i]
			if evm.Value.Kind != '[' {
				continue
			}
			if ours := oursIn(evm.Value); len(ours) > 0 {
				src = ours[0].remove(src, root, hooks, evm, r).Apply(src)
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
	list           *jsonedit.Value // the group's "hooks" array
}

// oursIn finds remnant-guard's handlers in an event's list of groups.
func oursIn(list *jsonedit.Value) []ourHandler {
	var out []ourHandler
	for gi, g := range list.Elems {
		if g.Kind != '{' {
			continue
		}
		hs := g.Member("hooks")
		if hs == nil || hs.Value.Kind != '[' {
			continue
		}
		for hi, h := range hs.Value.Elems {
			if h.Kind != '{' {
				continue
			}
			if c := h.Member("command"); c != nil && c.Value.Kind == '"' && isOurCommand(c.Value.Str) {
				out = append(out, ourHandler{group: gi, handler: hi, list: hs.Value})
			}
		}
	}
	return out
}

// remove is the edit that takes the handler out, with its group when the
// group holds nothing else, the event when its list then is empty, and
// "hooks" when that was its only event.
func (o ourHandler) remove(src []byte, root *jsonedit.Value, hooks, evm *jsonedit.Member, r removal) jsonedit.Edit {
	switch {
	case len(o.list.Elems) > 1:
		return jsonedit.RemoveItem(o.list, o.handler)
	case len(evm.Value.Elems) > 1 || r.keep[evm.Key]:
		return r.removeItem(src, evm.Value, o.group)
	case len(hooks.Value.Members) > 1 || r.keep["hooks"]:
		return r.removeItem(src, hooks.Value, memberIndex(hooks.Value, evm))
	}
	return r.removeItem(src, root, memberIndex(root, hooks))
}

// removeItem is removeItem, except that an only item beside comments is
// taken out with the line break and indentation install put before it,
// and the comments stay.
func (r removal) removeItem(src []byte, v *jsonedit.Value, i int) jsonedit.Edit {
	starts := jsonedit.ItemStarts(v)
	if !r.keepComments || len(starts) != 1 {
		return jsonedit.RemoveItem(v, i)
	}
	start := bytes.LastIndexByte(src[:starts[0]], '\n')
	if start <= v.Start {
		return jsonedit.RemoveItem(v, i)
	}
	if start > 0 && src[start-1] == '\r' {
		start--
	}
	return jsonedit.Edit{Start: start, End: v.End - 1}
}

func memberIndex(obj *jsonedit.Value, m *jsonedit.Member) int {
	for i := range obj.Members {
		if obj.Members[i].KeyStart == m.KeyStart {
			return i
		}
	}
	return -1
}
