package jsonedit

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Value is one parsed JSON value and where it is in the source.
type Value struct {
	Kind       byte // '{' object, '[' array, '"' string, '0' number, 'l' true/false/null
	Start, End int  // the value's bytes are src[start:end]
	Members    []Member
	Elems      []*Value
	Str        string // a string's decoded value
}

// Member is one key and value of an object; keyStart is where its key's
// opening quote is.
type Member struct {
	Key      string
	KeyStart int
	Value    *Value
}

// Member returns the last member named key (a later duplicate wins, as in
// JavaScript), or nil.
func (v *Value) Member(key string) *Member {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	return nil
}

// Error is a settings file that is not valid JSON, with the 1-based
// line and column of the problem.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: not valid JSON: %s (the file is left as it is)", e.File, e.Line, e.Col, e.Msg)
}

// maxJSONDepth bounds nesting, so that a hostile file cannot exhaust the
// stack.
const maxJSONDepth = 200

type jsonParser struct {
	src      []byte
	pos      int
	comments bool // accept // and /* */ comments as white space (Gemini)
	depth    int
}

// Parse parses src as one JSON value with nothing after it.
func Parse(src []byte, comments bool) (*Value, error) {
	p := &jsonParser{src: src, comments: comments}
	if err := p.space(); err != nil {
		return nil, err
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		return nil, p.fail(p.pos, "unexpected %q after the top-level value", p.src[p.pos])
	}
	return v, nil
}

// SyntaxError is a parse failure at a byte offset; the caller names the
// file.
type SyntaxError struct {
	Off int
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

func (p *jsonParser) fail(off int, format string, a ...any) error {
	return &SyntaxError{Off: off, Msg: fmt.Sprintf(format, a...)}
}

// Position turns a byte offset into a 1-based line and column (in bytes).
func Position(src []byte, off int) (line, col int) {
	off = min(off, len(src))
	line = 1 + bytes.Count(src[:off], []byte{'\n'})
	return line, off - bytes.LastIndexByte(src[:off], '\n')
}

func (p *jsonParser) space() error {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case c == '/' && p.comments && p.pos+1 < len(p.src) && p.src[p.pos+1] == '/':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		case c == '/' && p.comments && p.pos+1 < len(p.src) && p.src[p.pos+1] == '*':
			end := bytes.Index(p.src[p.pos+2:], []byte("*/"))
			if end < 0 {
				return p.fail(p.pos, "unclosed /* comment")
			}
			p.pos += end + 4
		default:
			return nil
		}
	}
	return nil
}

func (p *jsonParser) value() (*Value, error) {
	if p.pos >= len(p.src) {
		return nil, p.fail(p.pos, "unexpected end of file")
	}
	switch c := p.src[p.pos]; {
	case c == '{' || c == '[':
		if p.depth++; p.depth > maxJSONDepth {
			return nil, p.fail(p.pos, "nested more than %d levels deep", maxJSONDepth)
		}
		defer func() { p.depth-- }()
		if c == '{' {
			return p.object()
		}
		return p.array()
	case c == '"':
		return p.string()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(p.src[p.pos:], []byte(lit)) {
			v := &Value{Kind: 'l', Start: p.pos, End: p.pos + len(lit)}
			p.pos = v.End
			return v, nil
		}
	}
	return nil, p.fail(p.pos, "unexpected %q where a value should be", p.src[p.pos])
}

func (p *jsonParser) object() (*Value, error) {
	v := &Value{Kind: '{', Start: p.pos}
	p.pos++
	for first := true; ; first = false {
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' && first {
			break
		}
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return nil, p.fail(p.pos, "want a quoted key")
		}
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		if err := p.expect(':'); err != nil {
			return nil, err
		}
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Members = append(v.Members, Member{Key: key.Str, KeyStart: key.Start, Value: val})
		if done, err := p.next('}'); err != nil || done {
			if err != nil {
				return nil, err
			}
			break
		}
	}
	p.pos++
	v.End = p.pos
	return v, nil
}

func (p *jsonParser) array() (*Value, error) {
	v := &Value{Kind: '[', Start: p.pos}
	p.pos++
	for first := true; ; first = false {
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.pos < len(p.src) && p.src[p.pos] == ']' && first {
			break
		}
		el, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Elems = append(v.Elems, el)
		if done, err := p.next(']'); err != nil || done {
			if err != nil {
				return nil, err
			}
			break
		}
	}
	p.pos++
	v.End = p.pos
	return v, nil
}

// next reads the ',' between two items, or tells the closing bracket (left
// unread).
func (p *jsonParser) next(closing byte) (done bool, err error) {
	if err := p.space(); err != nil {
		return false, err
	}
	switch {
	case p.pos >= len(p.src):
		return false, p.fail(p.pos, "unexpected end of file, want ',' or %q", closing)
	case p.src[p.pos] == closing:
		return true, nil
	case p.src[p.pos] == ',':
		p.pos++
		return false, nil
	}
	return false, p.fail(p.pos, "unexpected %q, want ',' or %q", p.src[p.pos], closing)
}

func (p *jsonParser) expect(c byte) error {
	if err := p.space(); err != nil {
		return err
	}
	if p.pos >= len(p.src) || p.src[p.pos] != c {
		return p.fail(p.pos, "want %q", c)
	}
	p.pos++
	return p.space()
}

func (p *jsonParser) string() (*Value, error) {
	start := p.pos
	i := p.pos + 1
	for ; i < len(p.src) && p.src[i] != '"'; i++ {
		switch {
		case p.src[i] < 0x20:
			return nil, p.fail(i, "control character in a string")
		case p.src[i] == '\\':
			i++
		}
	}
	if i >= len(p.src) {
		return nil, p.fail(start, "unclosed string")
	}
	v := &Value{Kind: '"', Start: start, End: i + 1}
	if err := json.Unmarshal(p.src[start:i+1], &v.Str); err != nil {
		return nil, p.fail(start, "bad string: %v", err)
	}
	p.pos = i + 1
	return v, nil
}

func (p *jsonParser) number() (*Value, error) {
	start := p.pos
	i := p.pos
	if p.src[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for ; i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9'; i++ {
			n++
		}
		return n
	}
	switch {
	case i < len(p.src) && p.src[i] == '0':
		i++
	case digits() == 0:
		return nil, p.fail(start, "bad number")
	}
	if i < len(p.src) && p.src[i] == '.' {
		i++
		if digits() == 0 {
			return nil, p.fail(start, "bad number")
		}
	}
	if i < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
		i++
		if i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
			i++
		}
		if digits() == 0 {
			return nil, p.fail(start, "bad number")
		}
	}
	p.pos = i
	return &Value{Kind: '0', Start: start, End: i}, nil
}
