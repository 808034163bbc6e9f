package hooks

import (
	"bytes"
	"strings"
)

// undo takes remnant-guard's entries out of src so that the file comes
// back as it was before install: of the ways to remove them (dropping the
// containers they leave empty or keeping them, keeping comments beside an
// only item), it takes the first whose result install turns back into src
// exactly. When none does (the file was edited since), the containers left
// empty go. gone is true when the file holds nothing else and install
// would have created it.
func (se settingsEditor) undo(src []byte) (out []byte, n int, gone bool, err error) {
	out, n, err = se.remove(src)
	if err != nil || n == 0 {
		return out, n, false, err
	}
	empty := se.isEmpty(out)
	binary, ok := se.installedBinary(src)
	if !ok {
		return out, n, empty, nil
	}
	names := append(AgentEventNames(se.agent), "hooks")
	best, bestLen := []byte(nil), -1
	for mask := 0; mask < 1<<(len(names)+1); mask++ {
		r := removal{keep: map[string]bool{}, keepComments: mask&(1<<len(names)) != 0}
		for i, name := range names {
			r.keep[name] = mask&(1<<i) != 0
		}
		cand, _, err := se.removeKeeping(src, r)
		if err != nil {
			continue
		}
		if se.isEmpty(cand) {
			if again, err := se.add([]byte("{}"), binary); err == nil && string(again)+"\n" == string(src) {
				return cand, n, true, nil // no file is the shortest
			}
		}
		if bestLen >= 0 && len(cand) >= bestLen {
			continue
		}
		if again, err := se.add(cand, binary); err == nil && bytes.Equal(again, src) {
			best, bestLen = cand, len(cand)
		}
	}
	if best != nil {
		// Where several originals give the same file, the shortest is
		// taken: the one with the fewest empty containers.
		return best, n, false, nil
	}
	return out, n, empty, nil
}

// isEmpty tells a settings text that is an empty object and nothing else.
func (se settingsEditor) isEmpty(src []byte) bool {
	root, err := se.parse(src)
	return err == nil && len(root.members) == 0 && len(bytes.TrimSpace(src)) == 2
}

// installedBinary finds the binary path our handlers in src name, when
// they all name the same one.
func (se settingsEditor) installedBinary(src []byte) (string, bool) {
	root, err := se.parse(src)
	if err != nil {
		return "", false
	}
	hooks := root.member("hooks")
	if hooks == nil || hooks.value.kind != '{' {
		return "", false
	}
	binary := ""
	for _, evm := range hooks.value.members {
		if evm.value.kind != '[' {
			continue
		}
		for _, o := range oursIn(evm.value) {
			h := o.list.elems[o.handler]
			b, ok := commandBinary(se.agent, h.member("command").value.str)
			if !ok || binary != "" && b != binary {
				return "", false
			}
			binary = b
		}
	}
	return binary, binary != ""
}

// commandBinary inverts AgentCommand.
func commandBinary(a Agent, cmd string) (string, bool) {
	script, ok := strings.CutPrefix(cmd, "sh -c ")
	if !ok {
		return "", false
	}
	script = shellUnquote(script)
	rest, ok := strings.CutPrefix(script, "b=")
	if !ok {
		return "", false
	}
	q, _, ok := strings.Cut(rest, `; [ -x "$b" ]`)
	if !ok {
		return "", false
	}
	b := shellUnquote(q)
	return b, AgentCommand(a, b) == cmd
}

// shellUnquote reverses shellQuote.
func shellUnquote(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], `'\''`, "'")
	}
	return s
}
