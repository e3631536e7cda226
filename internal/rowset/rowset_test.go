package rowset

import (
	"os/exec"
	"strings"
	"testing"
)

// TestOnlyTestsImport keeps rowset a helper of the tests: no package of
// the main module imports it but from its tests (output's, and the beam
// module's), so that damka's build never links it. It stays a package,
// not a _test.go file, because tests in two modules share it.
func TestOnlyTestsImport(t *testing.T) {
	const self = "github.com/damka/damka/internal/rowset"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/damka/damka/...").Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs := 0
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkgs++
		for _, imp := range fields[1:] {
			if imp == self {
				t.Errorf("%s imports %s outside its tests: it is a helper of the tests only", fields[0], self)
			}
		}
	}
	if pkgs < 10 {
		t.Fatalf("go list listed %d packages of the main module, want many:\n%s", pkgs, out)
	}
}
