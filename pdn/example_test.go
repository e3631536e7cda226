package pdn_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/damka/damka/pdn"
)

// Read an archive game by game. A game with a syntax error comes with a
// *pdn.SyntaxError; what was read of it is kept and the reader goes on
// with the next game.
func ExampleReader() {
	archive := `[Event "USSR ch."]
[White "Blinder B."]
[Black "Mironov B."]
[Result "1-0"]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 {a comment} b6-a5 1-0

[Event "Broken"]
1. c3-d4 { never closed

[Bianco "Rossi"]
[Nero "Bianchi"]
1. 21-17 12-15 1/2-1/2
`
	r := pdn.NewReader(strings.NewReader(archive), "archive.pdn")
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *pdn.SyntaxError
		if errors.As(err, &se) {
			fmt.Println("error:", se)
			continue
		} else if err != nil {
			log.Fatal(err) // a read error
		}
		fmt.Printf("game %d at %v: %s - %s, %d moves, %s, GameType %d\n",
			g.Index, g.Pos, g.White(), g.Black(), len(g.Moves), g.Terminator, g.GameType().Number)
	}
	// Output:
	// game 1 at 1:1: Blinder B. - Mironov B., 6 moves, 1-0, GameType 25
	// error: archive.pdn:9:10: game 2: unterminated comment: "{ never closed"
	// game 3 at 11:1: Rossi - Bianchi, 2 moves, 1/2-1/2, GameType 22
}

// Write games in canonical form.
func ExampleWriter() {
	r := pdn.NewReader(strings.NewReader(`[Black "B"] [White "W"] 32-28 19-23 (18-23) 37-32 2-0`), "in")
	w := pdn.NewWriter(os.Stdout)
	for {
		g, err := r.Next()
		if err != nil {
			break
		}
		w.Write(g)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "?"]
	// [Round "?"]
	// [White "W"]
	// [Black "B"]
	// [Result "2-0"]
	// [GameType "20"]
	//
	// 1. 32-28 19-23 (1... 18-23) 2. 37-32 2-0
}
