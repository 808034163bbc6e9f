package gitutil

import "bytes"

// WorkingFiles lists the files of the working tree that git knows of or
// would add: tracked files and untracked ones that are not ignored, as
// slash paths from the top level. Submodules are not descended into.
func (r *Repo) WorkingFiles() ([]string, error) {
	args := []string{"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--deduplicate", "--full-name", "--", ":/"}
	out, err := r.run(args...)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range bytes.Split(out, []byte{0}) {
		if len(p) > 0 {
			files = append(files, string(p))
		}
	}
	return files, nil
}
