package hooks

import (
	"bytes"
	"encoding/json"
	"strings"
)

// jsonEdit is one splice of a settings file: src[start:end] becomes text.
type jsonEdit struct {
	start, end int
	text       string
}

func (e jsonEdit) apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(e.text))
	out = append(out, src[:e.start]...)
	out = append(out, e.text...)
	return append(out, src[e.end:]...)
}

// lineIndent is the white space that starts the line holding off.
func lineIndent(src []byte, off int) string {
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	i := ls
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return string(src[ls:i])
}

// indentUnit guesses the file's indentation step from the first item of
// the top-level value that sits on a line of its own; two spaces when none
// does.
func indentUnit(src []byte, root *jsonValue) string {
	first := -1
	switch {
	case len(root.members) > 0:
		first = root.members[0].keyStart
	case len(root.elems) > 0:
		first = root.elems[0].start
	}
	if first < 0 || !bytes.Contains(src[root.start:first], []byte{'\n'}) {
		return "  "
	}
	if u := strings.TrimPrefix(lineIndent(src, first), lineIndent(src, root.start)); u != "" {
		return u
	}
	return "  "
}

// itemStarts lists where the items of a container start (a member at its
// key).
func itemStarts(v *jsonValue) []int {
	var out []int
	for _, m := range v.members {
		out = append(out, m.keyStart)
	}
	for _, e := range v.elems {
		out = append(out, e.start)
	}
	return out
}

func itemEnds(v *jsonValue) []int {
	var out []int
	for _, m := range v.members {
		out = append(out, m.value.end)
	}
	for _, e := range v.elems {
		out = append(out, e.end)
	}
	return out
}

// appendItem adds an item at the end of container v: item is "key": value
// for an object, a value for an array, rendered by render at the
// indentation the item gets. The item goes on a line of its own when the
// container's items do, on the same line otherwise.
func appendItem(src []byte, v *jsonValue, unit string, render func(indent string) (string, error)) (jsonEdit, error) {
	e, err := appendItemLF(src, v, unit, render)
	if bytes.Contains(src, []byte("\r\n")) {
		// A file with CRLF line ends gets CRLF in what is added too.
		e.text = strings.ReplaceAll(e.text, "\n", "\r\n")
	}
	return e, err
}

func appendItemLF(src []byte, v *jsonValue, unit string, render func(indent string) (string, error)) (jsonEdit, error) {
	starts, ends := itemStarts(v), itemEnds(v)
	if len(starts) == 0 {
		inner := src[v.start+1 : v.end-1]
		if len(bytes.TrimSpace(inner)) != 0 {
			// Only comments inside: keep them, add after them.
			inner = nil
		}
		outer := lineIndent(src, v.start)
		text, err := render(outer + unit)
		if err != nil {
			return jsonEdit{}, err
		}
		e := jsonEdit{start: v.start + 1, end: v.end - 1, text: "\n" + outer + unit + text + "\n" + outer}
		if inner == nil {
			e.start = e.end
		}
		return e, nil
	}
	last := ends[len(ends)-1]
	if !bytes.Contains(src[v.start:starts[0]], []byte{'\n'}) {
		text, err := render("")
		return jsonEdit{start: last, end: last, text: ", " + text}, err
	}
	indent := lineIndent(src, starts[0])
	text, err := render(indent)
	return jsonEdit{start: last, end: last, text: ",\n" + indent + text}, err
}

// removeItem takes item i out of container v with the separator that
// joined it to its neighbour; an only item leaves the container empty.
func removeItem(v *jsonValue, i int) jsonEdit {
	starts, ends := itemStarts(v), itemEnds(v)
	switch {
	case len(starts) == 1:
		return jsonEdit{start: v.start + 1, end: v.end - 1}
	case i == len(starts)-1:
		return jsonEdit{start: ends[i-1], end: ends[i]}
	}
	return jsonEdit{start: starts[i], end: starts[i+1]}
}

// renderJSON renders v as indented JSON whose lines after the first start
// with indent, HTML characters as they are.
func renderJSON(v any, indent, unit string) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(indent, unit)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// renderMember renders "key": value.
func renderMember(key string, v any, indent, unit string) (string, error) {
	k, err := renderJSON(key, "", "")
	if err != nil {
		return "", err
	}
	val, err := renderJSON(v, indent, unit)
	return k + ": " + val, err
}
