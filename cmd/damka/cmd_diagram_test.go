package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgOK parses b as XML and returns the number of elements with the class
// word class.
func svgCount(t *testing.T, b []byte, class string) int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	n := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && strings.Contains(" "+a.Value+" ", " "+class+" ") {
					n++
				}
			}
		}
	}
}

func TestDiagramCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "k.svg")
	fen := "W:WKe1,a3:Bd2,f2,f4,d4,b4"
	_, errOut, code := run(t, "", "diagram", "--move", "e1:g3:e5:c3:a5", "--move", "e1:c3:a5", fen, "-o", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if svgCount(t, b, "square") != 32 || svgCount(t, b, "piece") != 7 || svgCount(t, b, "arrow") != 2 || svgCount(t, b, "king") != 1 {
		t.Errorf("squares %d, pieces %d, arrows %d, kings %d", svgCount(t, b, "square"), svgCount(t, b, "piece"), svgCount(t, b, "arrow"), svgCount(t, b, "king"))
	}
	if !bytes.Contains(b, []byte("<desc>FEN W:WKe1,a3:Bd2,f2,b4,d4,f4.")) {
		t.Errorf("no FEN in the description:\n%s", b)
	}
	// Standard output, and the same bytes.
	out, _, code := run(t, "", "diagram", "--move", "e1:g3:e5:c3:a5", "--move", "e1:c3:a5", fen, "-o", "-")
	if code != exitOK || out != string(b) {
		t.Errorf("-o -: exit %d, same bytes %v", code, out == string(b))
	}

	// An illegal move is an error naming it; no file is written.
	bad := filepath.Join(dir, "bad.svg")
	if _, errOut, code := run(t, "", "diagram", "--move", "a3-b4", fen, "-o", bad); code != exitFindings || !strings.Contains(errOut, "a3-b4 is not a legal move") {
		t.Errorf("illegal move: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a diagram was written for an illegal move")
	}
	// An abbreviated capture with two results is ambiguous.
	if _, errOut, _ := run(t, "", "diagram", "--move", "e1:a5", fen, "-o", bad); !strings.Contains(errOut, "ambiguous") {
		t.Errorf("ambiguous move: %q", errOut)
	}

	// Several positions on standard input, to a directory; a bad line is
	// reported and the others are drawn.
	out2 := filepath.Join(dir, "many")
	in := "W:Wc3:Bf6\tc3-d4\n\nbad fen\nB:Wc3:Bd4\td4:b2\n"
	_, errOut, code = run(t, in, "diagram", "-", "-o", out2)
	if code != exitFindings || !strings.Contains(errOut, "line 3") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	for name, arrows := range map[string]int{"0001.svg": 1, "0004.svg": 1} {
		b, err := os.ReadFile(filepath.Join(out2, name))
		if err != nil {
			t.Fatal(err)
		}
		if svgCount(t, b, "arrow") != arrows {
			t.Errorf("%s: %d arrows", name, svgCount(t, b, "arrow"))
		}
	}
	if _, err := os.Stat(filepath.Join(out2, "0003.svg")); err == nil {
		t.Error("a diagram of a bad line")
	}
	if _, errOut, code := run(t, "W:Wc3:Bf6\nW:Wc3:Bf6\n", "diagram", "-", "-o", file); code != exitInput || !strings.Contains(errOut, "not a folder") {
		t.Errorf("two positions to one file: exit %d, %q", code, errOut)
	}
	if _, _, code := run(t, "", "diagram", fen); code != exitInput {
		t.Errorf("no -o: exit %d", code)
	}
}
