// Package report holds what a command found, a Report of flat findings and
// skipped files, and writes it in each output format: text (with the
// one-line summary), JSON, SARIF 2.1.0, JUnit XML, GitHub workflow
// commands with the job summary table, and GitLab Code Quality.
//
// A writer only formats: the findings it is given are already masked, and
// what the run itself knows (the tool's version, the host and the time)
// comes in as arguments.
package report
