package main

import (
	"bytes"
	"io"
	"os"

	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// redactWriter passes everything remnant-guard prints or writes through the
// secret engine, line by line: whatever it would report is masked, in every
// format, in errors and in files; then every control character, bidirectional
// control and invalid byte left is escaped (textsafe.EscapeStream), the
// text format's own colours aside. It is the last line of defence; reports
// are masked and escaped before they are formatted too (judge.Masker.Report).
type redactWriter struct {
	w       io.Writer
	masker  *judge.Masker
	pending []byte
}

// newRedactWriter masks what goes to w with the run's masker m.
func newRedactWriter(w io.Writer, m *judge.Masker) *redactWriter {
	return &redactWriter{w: w, masker: m}
}

// maskerOf is the masker of the run whose output w is: a command is handed
// the run's redactWriters, and judges with the masker they mask with, so
// that what it prints after a report is masked with the engine the report
// was judged with. Any other writer gets a masker of its own.
func maskerOf(w io.Writer) *judge.Masker {
	if rw, ok := w.(*redactWriter); ok {
		return rw.masker
	}
	return judge.NewMasker()
}

func (r *redactWriter) Write(p []byte) (int, error) {
	r.pending = append(r.pending, p...)
	i := bytes.LastIndexByte(r.pending, '\n')
	if i < 0 {
		return len(p), nil
	}
	done := r.pending[:i+1]
	if _, err := io.WriteString(r.w, r.clean(string(done))); err != nil {
		return 0, err
	}
	r.pending = append(r.pending[:0], r.pending[i+1:]...)
	return len(p), nil
}

// Flush writes what is left of the last line.
func (r *redactWriter) Flush() error {
	if len(r.pending) == 0 {
		return nil
	}
	_, err := io.WriteString(r.w, r.clean(string(r.pending)))
	r.pending = r.pending[:0]
	return err
}

// clean masks and escapes text on its way out.
func (r *redactWriter) clean(text string) string {
	return textsafe.EscapeStream(r.masker.Mask(text), report.ColorAt)
}

// file is the *os.File underneath, for the terminal check.
func (r *redactWriter) file() (*os.File, bool) {
	f, ok := r.w.(*os.File)
	return f, ok
}
