package gitutil

import "runtime/debug"

// catchFault runs fn, which reads the mapped index, and reports a memory
// fault instead of letting it end the process: the index file truncated
// in place under the mapping (git renames a new index into place, but a
// copy over the file truncates it). The caller then lets git answer, as
// for any index the in-process reader cannot use. Any other panic goes on.
func catchFault(fn func()) (faulted bool) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if e := recover(); e != nil {
			if _, ok := e.(interface{ Addr() uintptr }); !ok {
				panic(e)
			}
			faulted = true
		}
	}()
	fn()
	return false
}
