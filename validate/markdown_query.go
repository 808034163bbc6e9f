package validate

// Text returns the file as read: without a byte order mark, with LF line
// endings. The result must not be modified.
func (f *Markdown) Text() []byte { return f.text }

// Lines returns the lines of the file, without their line endings. A final
// newline does not open a line. The result must not be modified.
func (f *Markdown) Lines() []string { return f.lines }

// Line returns line l (1-based), or "" outside the file.
func (f *Markdown) Line(l int) string {
	if l < 1 || l > len(f.lines) {
		return ""
	}
	return f.lines[l-1]
}

// LineStart returns the offset in Text at which line l starts; l must be
// a line of the file (1 to len(Lines())).
func (f *Markdown) LineStart(l int) int { return f.starts[l-1] }

// Code reports whether line l is inside an indented code block or a fenced
// code block, its fences included.
func (f *Markdown) Code(l int) bool { return l >= 1 && l <= len(f.code) && f.code[l-1] }

// HTML reports whether line l is inside an HTML block.
func (f *Markdown) HTML(l int) bool { return l >= 1 && l <= len(f.html) && f.html[l-1] }

// Prose reports whether line l is ordinary Markdown text, outside code and
// HTML blocks.
func (f *Markdown) Prose(l int) bool {
	return l >= 1 && l <= len(f.lines) && !f.code[l-1] && !f.html[l-1]
}

// Headings returns the top-level headings in document order. The result
// must not be modified.
func (f *Markdown) Headings() []Heading { return f.headings }

// Fences returns the fenced code blocks in document order. The result must
// not be modified.
func (f *Markdown) Fences() []Fence { return f.fences }
