package hooks

// notMemoryNote is the one note shown for a memory directory of another
// system.
func notMemoryNote(dir string) string {
	return dir + ": not MemoryCustodian memory (no Memory Manifest); not checked. Set custodian.dir in the config to check it anyway"
}
