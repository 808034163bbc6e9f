// Package safefile is how remnant-guard reads and writes files of the
// working tree: every read is of a regular file only (a directory, FIFO,
// socket, device or link loop is a *NotRegularError, and the open never
// blocks), bounded in size before it is read (a *TooLargeError past the
// limit), and every write replaces the file through a temporary file and
// a rename, so that a reader sees the old file or the new one.
//
// The size bounds every caller picks from are here too (MaxReadLimit and
// the others), and NewBoundedFS gives the validators an fs.FS with the
// same rules.
package safefile
