package validate

// The goldmark-based block reader that ParseMarkdown replaced. It stays as
// the reference the differential tests and the fuzz target compare with.

import (
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmarkFile is a Markdown filled from goldmark's syntax tree.
type goldmarkFile Markdown

func (f *goldmarkFile) line(l int) string { return (*Markdown)(f).Line(l) }

// goldmarkParser parses block structure only: the rules never need inlines.
// It is built on first use, not when the program starts: most runs of a
// hook never parse Markdown.
var goldmarkParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...))
})

func parseMarkdownGoldmark(src []byte) *Markdown {
	t := normalize(src)
	s := string(t)
	lines, starts := splitLF(s, true)
	f := &Markdown{text: t, txt: Text{s: s, lines: lines, starts: starts},
		lex: Lexed{flags: make([]LineFlags, len(lines))}}
	doc := goldmarkParser().Parse(text.NewReader(t))
	_ = ast.Walk(doc, (*goldmarkFile)(f).visit)
	return f
}

func (f *goldmarkFile) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.Heading:
		if n.Parent() != nil && n.Parent().Kind() == ast.KindDocument {
			f.addHeading(n)
		}
		return ast.WalkSkipChildren, nil
	case *ast.FencedCodeBlock:
		f.addFence(n)
		return ast.WalkSkipChildren, nil
	case *ast.CodeBlock:
		f.mark(Indented, n.Lines())
		return ast.WalkSkipChildren, nil
	case *ast.HTMLBlock:
		f.mark(HTMLBlock, n.Lines())
		return ast.WalkSkipChildren, nil
	case *ast.Paragraph, *ast.TextBlock:
		return ast.WalkSkipChildren, nil
	}
	return ast.WalkContinue, nil
}

func (f *goldmarkFile) mark(flag LineFlags, segs *text.Segments) {
	set := f.lex.flags
	for i := 0; i < segs.Len(); i++ {
		if l := lineAt(f.txt.starts, segs.At(i).Start); l >= 1 && l <= len(set) {
			set[l-1] |= flag
		}
	}
}

func (f *goldmarkFile) addFence(n *ast.FencedCodeBlock) {
	fc := Fence{Start: lineAt(f.txt.starts, n.Pos())}
	if n.Info != nil {
		fc.Info = strings.TrimSpace(string(n.Info.Value(f.text)))
	}
	fc.End = fc.Start
	if segs := n.Lines(); segs.Len() > 0 {
		fc.End = lineAt(f.txt.starts, segs.At(segs.Len()-1).Start)
	}
	if fc.End < len(f.txt.lines) && isFenceLine(f.txt.lines[fc.End]) {
		fc.End++
	}
	for l := fc.Start; l <= fc.End && l <= len(f.lex.flags); l++ {
		f.lex.flags[l-1] |= Fenced
	}
	f.fences = append(f.fences, fc)
}

func (f *goldmarkFile) addHeading(n *ast.Heading) {
	h := Heading{Level: n.Level, Line: lineAt(f.txt.starts, n.Pos())}
	line := f.line(h.Line)
	if segs := n.Lines(); segs.Len() > 0 {
		seg := segs.At(0)
		h.Line = lineAt(f.txt.starts, seg.Start)
		line = f.line(h.Line)
		h.Text = strings.TrimSpace(string(util.UnescapePunctuations(seg.Value(f.text))))
		h.Col = RuneCol(line, seg.Start-f.txt.starts[h.Line-1])
	} else {
		h.Col = RuneCol(line, len(line)-len(strings.TrimLeft(line, " \t")))
	}
	f.headings = append(f.headings, h)
}
