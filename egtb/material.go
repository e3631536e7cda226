package egtb

import (
	"fmt"
	"strings"

	"github.com/damka/damka/draughts"
)

// Material is a material class seen from the side to move: Men[0] and
// Kings[0] are the pieces of the side to move, Men[1] and Kings[1] those
// of its opponent. A table holds the positions of one class with that
// side to move; a position with the other side to move is looked up
// turned round by half a turn with the colours swapped, which is the same
// game (the only symmetry the men's direction allows).
type Material struct {
	Men, Kings [2]uint8
}

// MaterialOf is the class of p seen from its side to move.
func MaterialOf(p *draughts.Position) Material {
	us, them := p.Side, p.Side.Opp()
	return Material{
		Men:   [2]uint8{uint8(p.Men(us).PopCount()), uint8(p.Men(them).PopCount())},
		Kings: [2]uint8{uint8(p.KingsOf(us).PopCount()), uint8(p.KingsOf(them).PopCount())},
	}
}

// Pieces is the number of pieces on the board.
func (m Material) Pieces() int { return int(m.Men[0] + m.Men[1] + m.Kings[0] + m.Kings[1]) }

// Swap is the class with the other side to move.
func (m Material) Swap() Material {
	return Material{Men: [2]uint8{m.Men[1], m.Men[0]}, Kings: [2]uint8{m.Kings[1], m.Kings[0]}}
}

// String names the class as its file does: the side to move's kings (K)
// and men (M), "v", the opponent's: "KKKvK" is three kings to move
// against a king, "KMvM" a king and a man against a man.
func (m Material) String() string {
	var b strings.Builder
	for side := range 2 {
		if side == 1 {
			b.WriteByte('v')
		}
		b.WriteString(strings.Repeat("K", int(m.Kings[side])))
		b.WriteString(strings.Repeat("M", int(m.Men[side])))
	}
	return b.String()
}

// ParseMaterial reads the form String writes.
func ParseMaterial(s string) (Material, error) {
	a, b, ok := strings.Cut(s, "v")
	if !ok {
		return Material{}, fmt.Errorf("material %q: no v between the sides", s)
	}
	var m Material
	for side, t := range []string{a, b} {
		k := strings.TrimLeft(t, "K")
		men := strings.TrimLeft(k, "M")
		if men != "" || t == "" {
			return Material{}, fmt.Errorf("material %q: want kings (K) then men (M) on each side", s)
		}
		m.Kings[side] = uint8(len(t) - len(k))
		m.Men[side] = uint8(len(k))
	}
	return m, nil
}

// ParseClass parses a class a database can be built for (ParseMaterial):
// each side has a piece, MaxPieces at most in all.
func ParseClass(s string) (Material, error) {
	m, err := ParseMaterial(s)
	if err == nil && (m.Pieces() > MaxPieces || m.Men[0]+m.Kings[0] == 0 || m.Men[1]+m.Kings[1] == 0) {
		err = fmt.Errorf("class %s: each side needs a piece, %d pieces at most", s, MaxPieces)
	}
	return m, err
}

// Classes lists every class of at most n pieces in which both sides have
// a piece, in an order in which each class comes after every class its
// moves lead to: by pieces (a capture takes one), then by men (a crowning
// turns one into a king). A class and its Swap, which its quiet moves
// lead to, have the same place in that order and are built together.
func Classes(n int) []Material {
	var out []Material
	for total := 2; total <= n; total++ {
		for men := 0; men <= total; men++ {
			for m0 := 0; m0 <= men; m0++ {
				m1 := men - m0
				kings := total - men
				for k0 := 0; k0 <= kings; k0++ {
					k1 := kings - k0
					if m0+k0 == 0 || m1+k1 == 0 {
						continue
					}
					out = append(out, Material{Men: [2]uint8{uint8(m0), uint8(m1)}, Kings: [2]uint8{uint8(k0), uint8(k1)}})
				}
			}
		}
	}
	return out
}
