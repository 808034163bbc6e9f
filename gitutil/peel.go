package gitutil

import "strings"

// Peel names the object rev points to once tags are peeled: its type
// ("commit", "tree" or "blob") and full hash; ok is false when there is no
// such object. A push can send a ref that names a tree or a blob.
func (r *Repo) Peel(rev string) (kind, hash string, ok bool, err error) {
	if rev == "" || strings.ContainsAny(rev, "\n\x00") {
		return "", "", false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects([]string{rev + "^{}"})
	if err != nil || objs[0].kind == "" {
		return "", "", false, err
	}
	return objs[0].kind, objs[0].hash, true, nil
}
