package validate

// Text returns the file as read: without a byte order mark, with LF line
// endings. The result must not be modified.
func (f *Markdown) Text() []byte { return f.text }

// Lines returns the lines of the file, without their line endings. A final
// newline does not open a line. The result must not be modified.
func (f *Markdown) Lines() []string { return f.txt.lines }

// Line returns line l (1-based), or "" outside the file.
func (f *Markdown) Line(l int) string { return f.txt.Line(l) }

// LineStart returns the offset in Text at which line l starts; l must be
// a line of the file (1 to len(Lines())).
func (f *Markdown) LineStart(l int) int { return f.txt.starts[l-1] }

// Lexed returns the flags of each line (Fenced, Indented, HTMLBlock), the
// same type the custodian dialects' Lex returns. CommonMark reports no
// lexing problems: an unclosed fence runs to the end of its container.
func (f *Markdown) Lexed() *Lexed { return &f.lex }

// Code reports whether line l is inside an indented code block or a fenced
// code block, its fences included.
func (f *Markdown) Code(l int) bool { return f.lex.Flags(l)&(Fenced|Indented) != 0 }

// Prose reports whether line l is ordinary Markdown text, outside code and
// HTML blocks.
func (f *Markdown) Prose(l int) bool {
	return l >= 1 && l <= len(f.txt.lines) && f.lex.Flags(l)&Hidden == 0
}

// Headings returns the top-level headings in document order. The result
// must not be modified.
func (f *Markdown) Headings() []Heading { return f.headings }

// Fences returns the fenced code blocks in document order. The result must
// not be modified.
func (f *Markdown) Fences() []Fence { return f.fences }
