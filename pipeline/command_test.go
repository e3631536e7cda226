package pipeline

import "testing"

func TestCommandLine(t *testing.T) {
	got := CommandLine("export", []string{"--format", "parquet"}, []string{"a.pdn", "my games/b.pdn", "/home/me/archives/x.pdn", "/srv/games/"})
	if want := `export --format parquet a.pdn "my games/b.pdn" x.pdn games`; got != want {
		t.Errorf("CommandLine = %s, want %s", got, want)
	}
}
