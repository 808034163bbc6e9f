package gitutil

// RemoteNames lists the remotes configured in the repository.
func (r *Repo) RemoteNames() ([]string, error) {
	out, err := r.run("remote")
	if err != nil {
		return nil, err
	}
	return splitLines(out), nil
}
