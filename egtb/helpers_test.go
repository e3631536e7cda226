package egtb

import (
	"os"
	"testing"
)

// temps are the folders of tables the tests made, removed by TestMain
// (t.TempDir would go at the end of the first test using the tables).
var temps []string

func mkdirTemp() (string, error) {
	d, err := os.MkdirTemp("", "damka-egtb-test-")
	if err == nil {
		temps = append(temps, d)
	}
	return d, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range temps {
		os.RemoveAll(d)
	}
	os.Exit(code)
}
