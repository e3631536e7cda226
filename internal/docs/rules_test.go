package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// article is a citation of the rules digest: R-CAP-4, or a range of
// articles of one group, R-DRW-1..4. The group alone (R-CAP, as in "R-MAN,
// R-KNG and R-CAP hold") is read too.
var article = regexp.MustCompile(`\bR-([A-Z]{3})(?:-([0-9]+)(?:\.\.([0-9]+))?)?\b`)

// citations returns the articles text cites, each as the anchor of its
// heading in docs/rules.md ("r-cap-4"), and each group cited alone as
// "r-cap".
func citations(text string) []string {
	var out []string
	for _, m := range article.FindAllStringSubmatch(text, -1) {
		group := "r-" + strings.ToLower(m[1])
		if m[2] == "" {
			out = append(out, group)
			continue
		}
		from, _ := strconv.Atoi(m[2])
		to := from
		if m[3] != "" {
			to, _ = strconv.Atoi(m[3])
		}
		for n := from; n <= max(from, to); n++ {
			out = append(out, fmt.Sprintf("%s-%d", group, n))
		}
	}
	return out
}

// sources returns the Go files and the Markdown pages of the repository,
// as paths from root: every place a rule can be cited. The test data (a
// game's comment may say anything) and hidden folders are left out.
func sources(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every rule article cited in the repository's Go code and docs (R-CAP-4,
// R-DRW-1..4) has its heading in docs/rules.md, and every group cited alone
// (R-CAP) has at least one; no file sends the reader to the digest outside
// the repository that the articles were first numbered in.
func TestRuleCitations(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	ids := anchors(string(b))
	groups := map[string]bool{}
	for id := range ids {
		if m := article.FindStringSubmatch(strings.ToUpper(id)); m != nil && m[0] == strings.ToUpper(id) && m[2] != "" {
			groups["r-"+strings.ToLower(m[1])] = true
		}
	}
	cited := map[string]bool{}
	files := 0
	for _, path := range sources(t) {
		b, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if outside := "shared/" + "RULES.md"; strings.Contains(text, outside) {
			t.Errorf("%s: cites %s, outside the repository; cite docs/rules.md", path, outside)
		}
		found := false
		for i, line := range strings.Split(text, "\n") {
			for _, id := range citations(line) {
				found = true
				cited[id] = true
				if !ids[id] && !groups[id] {
					t.Errorf("%s:%d: cites %s, which docs/rules.md has no heading for", path, i+1, strings.ToUpper(id))
				}
			}
		}
		if found {
			files++
		}
	}
	// The walk reaches the code: the draw rules, the captures and the end
	// of the game are cited in dozens of files.
	if files < 20 || !cited["r-cap-1"] || !cited["r-drw-4"] || !cited["r-end-1"] {
		t.Errorf("rule articles cited in %d files (R-CAP-1 %v, R-DRW-4 %v, R-END-1 %v); the walk missed the code", files, cited["r-cap-1"], cited["r-drw-4"], cited["r-end-1"])
	}
}

// The citations are read as the code writes them, and ranges are expanded;
// other capitals with hyphens are not articles.
func TestCitationsSeen(t *testing.T) {
	got := citations("R-CAP-6 and (R-DRW-1..3); R-MAN, R-KNG-1. Not RR-CAP-1, R-CAPS-1 or UTF-8.")
	want := []string{"r-cap-6", "r-drw-1", "r-drw-2", "r-drw-3", "r-man", "r-kng-1"}
	if !slices.Equal(got, want) {
		t.Errorf("citations %q, want %q", got, want)
	}
	ids := anchors("# Rules\n\n### R-CAP-1\n\ntext\n\n### R-DRW-4\n")
	if !ids["r-cap-1"] || !ids["r-drw-4"] {
		t.Errorf("anchors %v: an article's heading is not its citation", ids)
	}
}
