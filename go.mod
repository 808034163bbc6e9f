module github.com/remnant-guard/remnant-guard

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/rogpeppe/go-internal v1.14.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/yuin/goldmark v1.8.7
	golang.org/x/text v0.41.0
)

require (
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/tools v0.48.0 // indirect
)
