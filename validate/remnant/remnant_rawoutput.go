package remnant

import (
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// rawOutputLine matches one line of pasted terminal output: a shell prompt,
// a panic, a goroutine header, a Python traceback or a JVM/JS stack frame.
var rawOutputLine = validate.LazyRegexp(`^(?:` +
	`\$ \S` + // $ go test
	`|[\w.-]+@[\w.-]+:\S*[$#] ` + // user@host:~$ ls
	`|PS [A-Za-z]:\\[^>]*> ` + // PS C:\> dir
	`|panic: ` +
	`|goroutine \d+ \[` +
	`|Traceback \(most recent call last\)` +
	`|File "[^"]+", line \d+` +
	`|at [\w$.<>/]+\([\w$.-]*\.(?:java|kt|scala|groovy):\d+\)` +
	`|at .+ \(.+\.[cm]?[jt]s:\d+:\d+\)` +
	`|Exception in thread "` +
	`)`)

// logLine matches a line that looks like log output.
var logLine = validate.LazyRegexp(`^(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|(?:ok|FAIL|PASS|---|===)\s|npm (?:ERR|WARN)|error(?:\[|:)|warning:|\S+\.\w+:\d+:\d+: )`)

// logFenceInfo are fence info strings that announce output, not code.
var logFenceInfo = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"": false, "console": true, "log": true, "logs": true,
		"output": true, "text": true, "txt": true, "terminal": true, "shell-session": true}
})

const maxFenceLines = 10

func (c *checker) checkRawOutput() {
	md := c.f.md
	skip := map[int]bool{}
	for _, fc := range md.Fences() {
		if c.isLogFence(fc) {
			c.add(RuleRemnantRawOutput, fc.Start, 1, "code block looks like pasted output or a log").Hint =
				"summarise what the output showed in one line instead"
			for l := fc.Start; l <= fc.End; l++ {
				skip[l] = true
			}
		}
	}
	last := -10
	for i, line := range md.Lines() {
		t := strings.TrimLeft(line, " \t>-*")
		t = strings.TrimLeft(t, " \t")
		if skip[i+1] || !rawOutputLine().MatchString(t) {
			continue
		}
		if i+1-last > 3 {
			c.addSpan(RuleRemnantRawOutput, i+1, validate.RuneCol(line, len(line)-len(t)),
				"pasted terminal output or stack trace", "keep the conclusion, not the output")
		}
		last = i + 1
	}
}

func (c *checker) isLogFence(fc validate.Fence) bool {
	n := fc.End - fc.Start - 1
	if n <= maxFenceLines {
		return false
	}
	info, _, _ := strings.Cut(fc.Info, " ")
	if logFenceInfo()[strings.ToLower(info)] {
		return true
	}
	logs := 0
	for l := fc.Start + 1; l < fc.End; l++ {
		if logLine().MatchString(strings.TrimSpace(c.f.md.Line(l))) || rawOutputLine().MatchString(strings.TrimSpace(c.f.md.Line(l))) {
			logs++
		}
	}
	return logs >= 3
}
