// Package docs holds the tests of the repository's documentation: README.md,
// CHANGES.md and the pages under docs/. It has no code of its own.
package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// root is the repository's top folder, seen from this package's.
const root = "../.."

// pages returns README.md, CHANGES.md and every page under docs/, as paths
// from root.
func pages(t *testing.T) []string {
	t.Helper()
	out := []string{"README.md", "CHANGES.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
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

// prose returns the text with the lines of fenced code blocks blanked (their
// line count kept), so that neither links nor headings are read from code.
func prose(text string) []string {
	lines := strings.Split(text, "\n")
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			lines[i] = ""
			continue
		}
		if fence {
			lines[i] = ""
		}
	}
	return lines
}

// anchors returns the fragment ids GitHub gives the page's headings: the
// heading's text in lower case, without punctuation, spaces as hyphens, and
// -1, -2... after a repeated one.
func anchors(text string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, l := range prose(text) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		id := b.String()
		if n := seen[id]; n > 0 {
			out[fmt.Sprintf("%s-%d", id, n)] = true
		} else {
			out[id] = true
		}
		seen[id]++
	}
	return out
}

var (
	// The target of a Markdown link or image, [text](target) or
	// ![alt](target) (the text may span lines), and of an HTML image.
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	imgLink = regexp.MustCompile(`<img\s[^>]*src="([^"]+)"`)
)

type link struct {
	page   string // the page it is on, from root
	line   int
	target string
}

func links(t *testing.T, page string) []link {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	lines := prose(string(b))
	text := strings.Join(lines, "\n")
	var out []link
	for _, re := range []*regexp.Regexp{mdLink, imgLink} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			line := 1 + strings.Count(text[:m[2]], "\n")
			out = append(out, link{page, line, text[m[2]:m[3]]})
		}
	}
	return out
}

// Every relative link of README.md, CHANGES.md and docs/ names a file that exists, and,
// when it names a heading (page.md#heading, or #heading on the same page),
// a heading of that page; every page of docs/ is linked from some page. A
// page renamed or a heading reworded without its links mended fails here.
func TestLinks(t *testing.T) {
	all := pages(t)
	linked := map[string]bool{"README.md": true}
	n := 0
	for _, page := range all {
		for _, l := range links(t, page) {
			target := l.target
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			n++
			file, anchor, _ := strings.Cut(target, "#")
			where := fmt.Sprintf("%s:%d: %s", l.page, l.line, target)
			path := l.page
			if file != "" {
				path = filepath.ToSlash(filepath.Join(filepath.Dir(l.page), file))
				if strings.HasPrefix(path, "../") {
					t.Errorf("%s: points outside the repository", where)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, path)); err != nil {
					t.Errorf("%s: no such file (%s)", where, path)
					continue
				}
				linked[path] = true
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(path, ".md") {
				t.Errorf("%s: an anchor into a file that is not a page", where)
				continue
			}
			b, err := os.ReadFile(filepath.Join(root, path))
			if err != nil {
				t.Fatal(err)
			}
			if ids := anchors(string(b)); !ids[anchor] {
				t.Errorf("%s: %s has no heading #%s", where, path, anchor)
			}
		}
	}
	if n < 40 {
		t.Errorf("%d relative links in README.md and docs/; the pages link to each other more than that", n)
	}
	for _, page := range all {
		if !linked[page] {
			t.Errorf("%s: no page links to it", page)
		}
	}
}

// The test reads what it should: a link to a missing page, a missing
// heading, and a link inside a code block (which is not one).
func TestLinksSeen(t *testing.T) {
	text := "# A `page`: one\n\nSee [x](missing.md) and\n[the `y`\npage](b.md#a-page-one).\n\n```\n[not](a-link.md)\n```\n<img src=\"p.png\" alt=\"\">\n"
	var got []string
	lines := prose(text)
	joined := strings.Join(lines, "\n")
	for _, re := range []*regexp.Regexp{mdLink, imgLink} {
		for _, m := range re.FindAllStringSubmatch(joined, -1) {
			got = append(got, m[1])
		}
	}
	if want := []string{"missing.md", "b.md#a-page-one", "p.png"}; !slices.Equal(got, want) {
		t.Errorf("links %q, want %q", got, want)
	}
	if ids := anchors(text + "\n## Twice\n## Twice\n"); !ids["a-page-one"] || !ids["twice"] || !ids["twice-1"] {
		t.Errorf("anchors %v", ids)
	}
}
