package gitutil

import (
	"bytes"
	"io"
)

// sectionLimiter streams the log output through and keeps each file's
// patch within a limit: once the hunk lines of one section (one file of
// one commit) pass limit bytes, the rest of that section's hunk lines are
// dropped and a truncation line takes their place, so that a huge file
// costs no more memory than the limit, and the parser knows the file was
// not read whole. Hunk lines start with ' ', '+', '-', '\' or '@'; any
// other line (the next "diff --" header, the next commit's marker) ends
// the section's hunks.
type sectionLimiter struct {
	r     io.Reader
	limit int64
	trunc []byte // the truncation line

	in       []byte // read from r, not yet passed on
	inStart  int
	midLine  bool  // the next byte continues a line
	hunks    bool  // inside a section's hunks
	used     int64 // hunk bytes passed on in this section
	dropping bool  // dropping this section's hunk lines
	skipLine bool  // inside a line being dropped
	pending  []byte
	err      error
}

// truncMarker starts the line that stands for dropped hunk lines; the
// nonce that follows makes it unforgeable.
const truncMarker = '\x02'

func newSectionLimiter(r io.Reader, limit int64, marker string) *sectionLimiter {
	return &sectionLimiter{r: r, limit: limit, trunc: []byte(string(truncMarker) + marker[1:] + "\n"),
		in: make([]byte, 0, 64<<10)}
}

func isHunkByte(c byte) bool {
	return c == ' ' || c == '+' || c == '-' || c == '\\' || c == '@'
}

func (s *sectionLimiter) Read(p []byte) (int, error) { return s.read(p, true) }

// read is Read, passing every line through step alone unless whole is
// set (the tests compare the two).
func (s *sectionLimiter) read(p []byte, whole bool) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.pending) > 0 {
			c := copy(p[n:], s.pending)
			s.pending = s.pending[c:]
			n += c
			continue
		}
		if s.inStart == len(s.in) {
			if n > 0 || s.err != nil {
				break
			}
			m, err := s.r.Read(s.in[:cap(s.in)])
			s.in, s.inStart, s.err = s.in[:m], 0, err
			if m == 0 {
				if err == nil {
					continue
				}
				break
			}
		}
		if whole {
			if k := s.whole(p[n:]); k > 0 {
				n += k
				continue
			}
		}
		n += s.step(p[n:])
	}
	if n == 0 && s.err != nil {
		return 0, s.err
	}
	return n, nil
}

// whole passes on the whole lines at the start of the input that are
// passed on unchanged and fit in p, in one copy; it returns the bytes
// written to p, 0 when the next line is for step: a line that is dropped,
// reaches the limit, does not fit, or is not all read yet. A line is
// judged at its start as step judges it, and judging it again is the
// same.
func (s *sectionLimiter) whole(p []byte) int {
	if s.midLine {
		return 0
	}
	data := s.in[s.inStart:]
	data = data[:min(len(data), len(p))]
	run := 0
	for run < len(data) {
		c := data[run]
		switch {
		case s.hunks && isHunkByte(c):
		case c == '@':
			s.hunks = true
		default:
			s.hunks, s.dropping, s.used = false, false, 0
		}
		end := bytes.IndexByte(data[run:], '\n')
		if end < 0 || s.dropping && s.hunks {
			break
		}
		size := int64(end + 1)
		if s.hunks {
			if s.used+size > s.limit {
				break
			}
			s.used += size
		}
		run += end + 1
	}
	copy(p, data[:run])
	s.inStart += run
	return run
}

// step passes on, or drops, input up to the end of the current line or
// of the room in p; it returns the bytes written to p. A line cut at the
// limit ends where it is cut.
func (s *sectionLimiter) step(p []byte) int {
	data := s.in[s.inStart:]
	if !s.midLine {
		c := data[0]
		switch {
		case s.hunks && isHunkByte(c):
		case c == '@':
			s.hunks = true // the first hunk of a section
		default:
			s.hunks, s.dropping, s.used = false, false, 0
		}
		s.skipLine = s.dropping && s.hunks
	}
	end := bytes.IndexByte(data, '\n')
	line := data
	if end >= 0 {
		line = data[:end+1]
	}
	if s.skipLine {
		s.advance(len(line), end >= 0)
		return 0
	}
	if s.hunks && s.used >= s.limit {
		s.dropping, s.skipLine = true, true
		s.pending = s.trunc
		if s.midLine {
			s.pending = append([]byte{'\n'}, s.trunc...)
		}
		s.advance(len(line), end >= 0)
		return 0
	}
	take := len(line)
	if s.hunks {
		take = int(min(int64(take), s.limit-s.used))
	}
	c := copy(p, line[:take])
	if s.hunks {
		s.used += int64(c)
	}
	s.advance(c, c == len(line) && end >= 0)
	return c
}

func (s *sectionLimiter) advance(n int, lineDone bool) {
	s.inStart += n
	s.midLine = !lineDone
}
