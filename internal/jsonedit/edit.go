package jsonedit

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Edit is one splice of a settings file: src[start:end] becomes text.
type Edit struct {
	Start, End int
	Text       string
}

func (e Edit) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(e.Text))
	out = append(out, src[:e.Start]...)
	out = append(out, e.Text...)
	return append(out, src[e.End:]...)
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

// IndentUnit guesses the file's indentation step from the first item of
// the top-level value that sits on a line of its own; two spaces when none
// does.
func IndentUnit(src []byte, root *Value) string {
	first := -1
	switch {
	case len(root.Members) > 0:
		first = root.Members[0].KeyStart
	case len(root.Elems) > 0:
		first = root.Elems[0].Start
	}
	if first < 0 || !bytes.Contains(src[root.Start:first], []byte{'\n'}) {
		return "  "
	}
	if u := strings.TrimPrefix(lineIndent(src, first), lineIndent(src, root.Start)); u != "" {
		return u
	}
	return "  "
}

// ItemStarts lists where the items of a container start (a member at its
// key).
func ItemStarts(v *Value) []int {
	var out []int
	for _, m := range v.Members {
		out = append(out, m.KeyStart)
	}
	for _, e := range v.Elems {
		out = append(out, e.Start)
	}
	return out
}

func itemEnds(v *Value) []int {
	var out []int
	for _, m := range v.Members {
		out = append(out, m.Value.End)
	}
	for _, e := range v.Elems {
		out = append(out, e.End)
	}
	return out
}

// AppendItem adds an item at the end of container v: item is "key": value
// for an object, a value for an array, rendered by render at the
// indentation the item gets. The item goes on a line of its own when the
// container's items do, on the same line otherwise.
func AppendItem(src []byte, v *Value, unit string, render func(indent string) (string, error)) (Edit, error) {
	e, err := appendItemLF(src, v, unit, render)
	if bytes.Contains(src, []byte("\r\n")) {
		// A file with CRLF line ends gets CRLF in what is added too.
		e.Text = strings.ReplaceAll(e.Text, "\n", "\r\n")
	}
	return e, err
}

func appendItemLF(src []byte, v *Value, unit string, render func(indent string) (string, error)) (Edit, error) {
	starts, ends := ItemStarts(v), itemEnds(v)
	if len(starts) == 0 {
		inner := src[v.Start+1 : v.End-1]
		if len(bytes.TrimSpace(inner)) != 0 {
			// Only comments inside: keep them, add after them.
			inner = nil
		}
		outer := lineIndent(src, v.Start)
		text, err := render(outer + unit)
		if err != nil {
			return Edit{}, err
		}
		e := Edit{Start: v.Start + 1, End: v.End - 1, Text: "\n" + outer + unit + text + "\n" + outer}
		if inner == nil {
			e.Start = e.End
		}
		return e, nil
	}
	last := ends[len(ends)-1]
	if !bytes.Contains(src[v.Start:starts[0]], []byte{'\n'}) {
		text, err := render("")
		return Edit{Start: last, End: last, Text: ", " + text}, err
	}
	indent := lineIndent(src, starts[0])
	text, err := render(indent)
	return Edit{Start: last, End: last, Text: ",\n" + indent + text}, err
}

// RemoveItem takes item i out of container v with the separator that
// joined it to its neighbour; an only item leaves the container empty.
func RemoveItem(v *Value, i int) Edit {
	starts, ends := ItemStarts(v), itemEnds(v)
	switch {
	case len(starts) == 1:
		return Edit{Start: v.Start + 1, End: v.End - 1}
	case i == len(starts)-1:
		return Edit{Start: ends[i-1], End: ends[i]}
	}
	return Edit{Start: starts[i], End: starts[i+1]}
}

// Render renders v as indented JSON whose lines after the first start
// with indent, HTML characters as they are.
func Render(v any, indent, unit string) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(indent, unit)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// RenderMember renders "key": value.
func RenderMember(key string, v any, indent, unit string) (string, error) {
	k, err := Render(key, "", "")
	if err != nil {
		return "", err
	}
	val, err := Render(v, indent, unit)
	return k + ": " + val, err
}
