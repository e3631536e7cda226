package egtb

import (
	"context"
	"flag"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/damka/damka/draughts"
)

var (
	long    = flag.Bool("long", false, "build and check every class of 4 pieces (seconds)")
	openDir = flag.String("dir", "", "also check every table of this folder for consistency (damka egtb build --dir)")
	dirOnly = flag.String("dirclass", "", "with -dir, check only these classes (KKKvKKK,KKMvKKM)")
	dirVar  = flag.String("dirvariant", "russian", "with -dir, the variant whose tables are checked")
)

// built builds the tables of n pieces or fewer once per test binary, in
// a temporary folder that outlives the tests using it.
var (
	builtOnce [MaxPieces + 1]sync.Once
	builtDB   [MaxPieces + 1]*DB
	builtErr  [MaxPieces + 1]error
)

func built(t *testing.T, n int) *DB {
	t.Helper()
	if n > 3 && !*long {
		t.Skip("4 pieces: go test ./egtb -long")
	}
	builtOnce[n].Do(func() {
		dir, err := mkdirTemp()
		if err != nil {
			builtErr[n] = err
			return
		}
		builtDB[n], builtErr[n] = Build(context.Background(), draughts.Russian, BuildOptions{Pieces: n, Dir: dir})
	})
	if builtErr[n] != nil {
		t.Fatal(builtErr[n])
	}
	return builtDB[n]
}

func TestIndexRoundTrip(t *testing.T) {
	l := newLayout(draughts.Russian.Geometry())
	for _, m := range Classes(4) {
		n := l.size(m)
		step := max(n/5000, 1) // a sample of every class, both ends included
		valid := 0
		for i := uint64(0); i < n; i += step {
			gs, ok := l.groups(m, i)
			if !ok {
				continue
			}
			valid++
			if got := l.index(&gs); got != i {
				t.Fatalf("%v: index %d gives groups %v, which index to %d", m, i, gs, got)
			}
			p, err := draughts.Russian.NewPosition(gs[wMen]|gs[wKings], gs[bMen]|gs[bKings], gs[wKings]|gs[bKings], draughts.White)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Check(draughts.Russian); err != nil {
				t.Fatalf("%v: index %d is %v: %v", m, i, p.FEN(), err)
			}
			if got := MaterialOf(&p); got != m {
				t.Fatalf("%v: index %d is %v, of class %v", m, i, p.FEN(), got)
			}
			// The same position with Black to move, turned round, is
			// the same entry.
			g := draughts.Russian.Geometry()
			q, err := draughts.Russian.NewPosition(g.Flip(p.Pieces[draughts.Black]), g.Flip(p.Pieces[draughts.White]), g.Flip(p.Kings), draughts.Black)
			if err != nil {
				t.Fatal(err)
			}
			if qs := l.normalise(&q); l.index(&qs) != i || MaterialOf(&q) != m {
				t.Fatalf("%v: %v and %v have different entries", m, p.FEN(), q.FEN())
			}
		}
		if valid == 0 {
			t.Fatalf("%v: no position sampled", m)
		}
	}
}

func TestMaterialNames(t *testing.T) {
	for _, m := range Classes(5) {
		got, err := ParseMaterial(m.String())
		if err != nil || got != m {
			t.Fatalf("%v reads back as %v, %v", m, got, err)
		}
	}
	for _, bad := range []string{"", "K", "KvMK", "KvX", "vK"} {
		if _, err := ParseMaterial(bad); err == nil {
			t.Errorf("ParseMaterial(%q) gives no error", bad)
		}
	}
}

// TestConsistency checks every position of every class held against its
// moves, through Probe alone: a win has a move to a loss for the
// opponent (or one that takes its last piece), a loss has moves and all
// lead to wins for the opponent, a draw has no move to a loss and one to
// a draw. Each position is probed with White to move and, turned round,
// with Black to move.
func TestConsistency(t *testing.T) {
	if *openDir != "" {
		t.Run("dir", func(t *testing.T) {
			v, err := draughts.VariantByName(*dirVar)
			if err != nil {
				t.Fatal(err)
			}
			db, err := Open(*openDir, v)
			if err != nil {
				t.Fatal(err)
			}
			only := map[string]bool{}
			for _, c := range strings.Split(*dirOnly, ",") {
				if c != "" {
					only[c] = true
				}
			}
			for _, m := range db.Classes() {
				if len(only) > 0 && !only[m.String()] {
					continue
				}
				checkClass(t, db, m)
				c, _ := db.Counts(m)
				t.Logf("%v: %d positions, %d wins, %d draws, %d losses", m, c.Positions(), c.Win, c.Draw, c.Loss)
				want, ok := wantCounts[m.String()]
				if !ok {
					want, ok = wantCounts5[m.String()]
				}
				if !ok {
					want, ok = wantCounts6[m.String()]
				}
				if v != draughts.Russian {
					ok = false // the pinned counts are Russian's
				}
				if ok && c != want {
					t.Errorf("%v: %+v, want %+v", m, c, want)
				}
			}
		})
	}
	for _, n := range []int{3, 4} {
		t.Run(string(rune('0'+n)), func(t *testing.T) {
			db := built(t, n)
			for _, m := range db.Classes() {
				checkClass(t, db, m)
			}
		})
	}
}

func checkClass(t *testing.T, db *DB, m Material) {
	v := db.v
	g := v.Geometry()
	var buf []draughts.Move
	for i := range db.l.size(m) {
		gs, ok := db.l.groups(m, i)
		if !ok {
			continue
		}
		w, b, k := gs[wMen]|gs[wKings], gs[bMen]|gs[bKings], gs[wKings]|gs[bKings]
		for _, side := range []draughts.Color{draughts.White, draughts.Black} {
			var p draughts.Position
			if side == draughts.White {
				p, _ = v.NewPosition(w, b, k, side)
			} else {
				p, _ = v.NewPosition(g.Flip(b), g.Flip(w), g.Flip(k), side)
			}
			got, ok := db.Probe(&p)
			if !ok {
				t.Fatalf("%v: %v is not found", m, p.FEN())
			}
			buf = v.Moves(&p, buf[:0])
			toLoss, toDraw := false, false
			for j := range buf {
				q := p
				q.Make(&buf[j])
				r, ok := Loss, true
				if q.Pieces[q.Side] != 0 {
					r, ok = db.Probe(&q)
				}
				if !ok {
					t.Fatalf("%v: %v after %v is not found", m, q.FEN(), buf[j].String())
				}
				toLoss = toLoss || r == Loss
				toDraw = toDraw || r == Draw
			}
			want := Loss
			switch {
			case toLoss:
				want = Win
			case toDraw:
				want = Draw
			}
			if got != want {
				t.Fatalf("%v: %v is a %v, but its moves make it a %v", m, p.FEN(), got, want)
			}
		}
	}
}

// wantCounts are the wins, draws and losses for the side to move of
// every class of 4 pieces or fewer (positions: every placement of the
// pieces, men off their crowning row, the side to move as named first),
// as this package's build gives them; the exhaustive search of
// exhaustive_test.go confirms those of 3 pieces or fewer independently.
var wantCounts = map[string]Counts{
	"KvK": {194, 796, 2}, "KvM": {746, 122, 0}, "MvK": {67, 262, 539}, "MvM": {284, 327, 149},
	"KvKK": {754, 13852, 274}, "KKvK": {5628, 9252, 0},
	"KvKM": {4058, 21729, 253}, "KMvK": {7241, 18797, 2},
	"KKvM": {12626, 394, 0}, "MvKK": {121, 2460, 10439},
	"KvMM": {6038, 5260, 42}, "MMvK": {1762, 7703, 1875},
	"MvKM": {625, 6434, 15741}, "KMvM": {20632, 2167, 1},
	"MvMM": {829, 4383, 4724}, "MMvM": {7161, 2713, 62},
	"KvKKK": {1854, 85468, 56518}, "KKKvK": {132240, 11600, 0},
	"KKvKK": {21659, 193513, 588},
	"KvKKM": {14880, 231932, 130768}, "KKMvK": {336033, 41547, 0},
	"KKvKM": {126212, 250786, 582}, "KMvKK": {22139, 348271, 7170},
	"KKKvM": {125860, 0, 0}, "MvKKK": {218, 5258, 120384},
	"KvKMM": {32136, 214755, 81969}, "KMMvK": {259064, 69794, 2},
	"KKvMM": {142384, 22045, 1}, "MMvKK": {3052, 73540, 87838},
	"MvKKM": {1394, 18525, 310681}, "KKMvM": {330545, 55, 0},
	"KMvKM": {143275, 511605, 6320},
	"KvMMM": {21505, 64489, 9010}, "MMMvK": {45280, 48870, 854},
	"MvKMM": {2407, 27959, 257778}, "KMMvM": {286935, 1207, 2},
	"KMvMM": {210090, 77594, 460}, "MMvKM": {26432, 151676, 110036},
	"MvMMM": {1478, 17104, 64722}, "MMMvM": {79342, 3953, 9},
	"MMvMM": {42979, 72468, 10217},
}

// wantCounts5 are the same for the classes of 5 pieces (a build of 8
// minutes, 1.3 GB: checked with -dir on a folder that holds them).
var wantCounts5 = map[string]Counts{
	"KvKKKK": {4434, 227584, 774862},
	"KKvKKK": {51232, 1928140, 34388},
	"KKKvKK": {812202, 1200622, 936},
	"KKKKvK": {1006544, 336, 0},
	"KvKKKM": {37154, 839128, 2647798},
	"KKvKKM": {463619, 4775919, 46582},
	"KKKvKM": {2762223, 760916, 941},
	"KKKKvM": {881020, 0, 0},
	"MvKKKK": {419, 9832, 870769},
	"KMvKKK": {48382, 2582648, 893050},
	"KKMvKK": {1652887, 3612753, 20480},
	"KKKMvK": {3520238, 3842, 0},
	"KvKKMM": {111959, 1189494, 3302587},
	"KKvKMM": {1245445, 3343302, 15293},
	"KKKvMM": {1513628, 21047, 5},
	"MvKKKM": {3276, 41433, 3040891},
	"KMvKKM": {444568, 7174978, 1637254},
	"KKMvKM": {6462077, 2773696, 21027},
	"KKKMvM": {3085600, 0, 0},
	"MMvKKK": {5137, 268501, 1261042},
	"KMMvKK": {898884, 3633369, 71787},
	"KKMMvK": {4588748, 15289, 3},
	"KvKMMM": {133625, 795869, 1730618},
	"KKvMMM": {965721, 363882, 453},
	"MvKKMM": {8035, 71509, 3954472},
	"KMvKMM": {1290142, 6304128, 473762},
	"KKMvMM": {3936018, 97421, 577},
	"MMvKKM": {51180, 907067, 3075769},
	"KMMvKM": {3766487, 4233295, 68250},
	"KKMMvM": {4033996, 18, 2},
	"MMMvKK": {87010, 856974, 386072},
	"KMMMvK": {2633538, 26573, 1},
	"KvMMMM": {54759, 232835, 285706},
	"MvKMMM": {8052, 63205, 2261255},
	"KMvMMM": {1168437, 1135778, 28297},
	"MMvKMM": {132911, 1250391, 2135290},
	"KMMvMM": {3241923, 274615, 2054},
	"MMMvKM": {531154, 1484435, 316923},
	"KMMMvM": {2332442, 69, 1},
	"MMMMvK": {543684, 29458, 158},
	"MvMMMM": {2927, 25006, 475167},
	"MMvMMM": {116400, 544676, 356980},
	"MMMvMM": {742160, 267655, 8241},
	"MMMMvM": {502903, 193, 4},
}

// wantCounts6 are the same for the 70 classes of 6 pieces (one build of
// every class of 6 pieces or fewer: 45 minutes on the shared machine),
// pinned so that a later build must agree; checked with -dir. The four
// classes KKMvKKM needs were built before, on another machine, and
// pinned then: this build gave the same counts.
var wantCounts6 = map[string]Counts{
	"KKKKKvK": {5436980, 172, 0},
	"KKKKKvM": {4757508, 0, 0},
	"KKKKMvK": {23786448, 1092, 0},
	"KKKKMvM": {20827800, 0, 0},
	"KKKKvKK": {11351903, 2239945, 1032},
	"KKKKvKM": {22906614, 879863, 1063},
	"KKKKvMM": {10346939, 12120, 31},
	"KKKMMvK": {41432137, 4222, 1},
	"KKKMMvM": {36306138, 6, 0},
	"KKKMvKK": {36619205, 10923692, 32183},
	"KKKMvKM": {79275543, 4002326, 33331},
	"KKKMvMM": {36247295, 57683, 1166},
	"KKKvKKK": {2397088, 15691542, 35210},
	"KKKvKKM": {15682761, 31837478, 54841},
	"KKKvKMM": {27316046, 14098729, 21585},
	"KKKvMMM": {11391778, 578254, 472},
	"KKMMMvK": {35900903, 10604, 5},
	"KKMMMvM": {31488859, 49, 4},
	"KKMMvKK": {39283410, 22687720, 183410},
	"KKMMvKM": {100631593, 8098036, 188803},
	"KKMMvMM": {47366944, 128361, 5687},
	"KKMvKKK": {4302821, 42494172, 778087},
	"KKMvKKM": {28815094, 95019853, 1131853},
	"KKMvKMM": {55508241, 52966903, 443288},
	"KKMvMMM": {28420792, 3047349, 20771},
	"KKvKKKK": {108168, 10145971, 3338741},
	"KKvKKKM": {1099464, 37549727, 8925889},
	"KKvKKMM": {4332546, 51689135, 6132859},
	"KKvKMMM": {7289176, 27243253, 1379083},
	"KKvMMMM": {4229457, 3451681, 58412},
	"KMMMMvK": {15462863, 16236, 1},
	"KMMMMvM": {13583572, 127, 1},
	"KMMMvKK": {16872528, 18693105, 345879},
	"KMMMvKM": {53441195, 9188579, 348050},
	"KMMMvMM": {27261100, 217169, 9243},
	"KMMvKKK": {1939131, 33020968, 6476261},
	"KMMvKKM": {11657736, 89009586, 8251110},
	"KMMvKMM": {27779931, 64887063, 2334990},
	"KMMvMMM": {20594438, 6779476, 113598},
	"KMvKKKK": {98778, 8473981, 15214781},
	"KMvKKKM": {984698, 33699318, 48627184},
	"KMvKKMM": {3911447, 53181791, 51825194},
	"KMvKMMM": {6467805, 36074187, 20435832},
	"KMvMMMM": {3665666, 8417598, 1500436},
	"KvKKKKK": {8920, 480996, 4947236},
	"KvKKKKM": {87500, 2256688, 21443352},
	"KvKKKMM": {309591, 4364191, 36762578},
	"KvKKMMM": {504155, 4393883, 31013474},
	"KvKMMMM": {385439, 2328660, 12765001},
	"KvMMMMM": {112333, 524017, 2017210},
	"MMMMMvK": {2640838, 12704, 18},
	"MMMMMvM": {2330489, 151, 0},
	"MMMMvKK": {2204563, 4584107, 950880},
	"MMMMvKM": {8034453, 5192595, 356652},
	"MMMMvMM": {5650333, 277461, 6056},
	"MMMvKKK": {144915, 3989199, 7836390},
	"MMMvKKM": {1016200, 13901163, 16571549},
	"MMMvKMM": {3342164, 15012825, 9132523},
	"MMMvMMM": {3186403, 4167785, 605716},
	"MMvKKKK": {8747, 567246, 9783097},
	"MMvKKKM": {94265, 2407252, 33804627},
	"MMvKKMM": {322292, 4432809, 42745891},
	"MMvKMMM": {436597, 4168729, 22882186},
	"MMvMMMM": {216141, 1711056, 4006653},
	"MvKKKKK": {784, 25267, 4731457},
	"MvKKKKM": {7426, 122744, 20697630},
	"MvKKKMM": {24428, 246547, 36035169},
	"MvKKMMM": {36911, 263590, 31188411},
	"MvKMMMM": {26349, 153057, 13404294},
	"MvMMMMM": {7228, 38932, 2284480},
}

// TestPinnedCounts reads the counts of every table of -dir (Russian's)
// from its entries and wants the pinned ones: the quick check that a
// build of another machine, or of a later generator, agrees with the
// first (the consistency check of a 6-piece class takes minutes; this
// takes seconds for all of them).
func TestPinnedCounts(t *testing.T) {
	if *openDir == "" || *dirVar != "russian" {
		t.Skip("give -dir D with Russian tables")
	}
	db, err := Open(*openDir, draughts.Russian)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, m := range db.Classes() {
		want, ok := wantCounts[m.String()]
		if !ok {
			want, ok = wantCounts5[m.String()]
		}
		if !ok {
			want, ok = wantCounts6[m.String()]
		}
		if !ok {
			t.Errorf("%v: no pinned counts", m)
			continue
		}
		if c, _ := db.Counts(m); c != want {
			t.Errorf("%v: %+v, want %+v", m, c, want)
		}
		checked++
	}
	t.Logf("%d classes as pinned", checked)
}

func TestCounts(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(string(rune('0'+n)), func(t *testing.T) {
			db := built(t, n)
			if len(db.Classes()) != len(Classes(n)) {
				t.Fatalf("%d classes held, want %d", len(db.Classes()), len(Classes(n)))
			}
			for _, m := range db.Classes() {
				want, ok := wantCounts[m.String()]
				if !ok {
					t.Fatalf("%v: no counts to compare with", m)
				}
				got, _ := db.Counts(m)
				if got != want {
					t.Errorf("%v: %+v, want %+v", m, got, want)
				}
			}
		})
	}
}

// TestDrawRules pins the meaning of a result (see the package
// documentation): the tables are pure WDL, with no move counter.
func TestDrawRules(t *testing.T) {
	db, err := Build(context.Background(), draughts.Russian, BuildOptions{Only: []Material{{Kings: [2]uint8{3, 1}}}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen  string
		want WDL
		why  string
	}{
		// R-DRW-5: three kings against a lone king on the main road.
		{"B:WKc1,Ke1,Kg1:BKd4", Draw, "the lone king on the main road (R-DRW-5)"},
		// Petrov's triangle: a win within R-DRW-3's 15 moves.
		{"W:WKa1,Kc1,Ke1:BKh2", Win, "Petrov's triangle"},
		{"B:WKa1,Kc1,Ke1:BKh2", Loss, "Petrov's triangle, the lone king to move"},
	} {
		p, err := draughts.Russian.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := db.Probe(&p)
		if !ok || got != c.want {
			t.Errorf("%s (%s): %v (found %v), want %v", c.fen, c.why, got, ok, c.want)
		}
	}
	if db.Has(Material{Kings: [2]uint8{2, 2}}) {
		t.Error("Only built a class it does not need")
	}
	for _, m := range []string{"KvK", "KKvK", "KvKK", "KKKvK", "KvKKK"} {
		if mm, _ := ParseMaterial(m); !db.Has(mm) {
			t.Errorf("Only left out %v, which KKKvK needs", m)
		}
	}
}

// Every supported variant's tables of 3 pieces are consistent with its
// moves (as TestConsistency checks Russian's): a win has a move to a
// loss, a loss only moves to wins, a draw no move to a loss and one to a
// draw.
func TestConsistencyVariants(t *testing.T) {
	for _, v := range draughts.Variants() {
		if v == draughts.Russian || Supported(v) != nil {
			continue
		}
		t.Run(v.Name(), func(t *testing.T) {
			db, err := Build(context.Background(), v, BuildOptions{Pieces: 3, Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range db.Classes() {
				checkClass(t, db, m)
			}
		})
	}
	for _, v := range []draughts.Variant{draughts.Giveaway, draughts.Antidraughts, draughts.Breakthrough, draughts.Frisian, draughts.Frysk} {
		if Supported(v) == nil {
			t.Errorf("%s supported", v.Name())
		}
	}
}

// A Set answers each position from its own variant's tables: two kings
// against one is a win in English draughts (kings that do not fly) and,
// on the same squares, also decided in Russian, each by its own tables.
func TestSet(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []draughts.Variant{draughts.English, draughts.Russian} {
		if _, err := Build(context.Background(), v, BuildOptions{Pieces: 3, Dir: dir}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := OpenSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Variants(); len(got) != 2 || s.Empty() {
		t.Fatalf("variants %v", got)
	}
	for _, v := range []draughts.Variant{draughts.English, draughts.Russian} {
		db := s.DB(v)
		for _, m := range db.Classes() {
			checkClass(t, db, m) // the set's tables are the variant's own
		}
		p, err := v.ParseFEN(map[draughts.Variant]string{draughts.English: "W:WK1,K5:BK32", draughts.Russian: "W:WKc1,Ka3:BKh8"}[v])
		if err != nil {
			t.Fatal(err)
		}
		want, ok := db.Probe(&p)
		got, ok2 := s.Probe(&p)
		if !ok || !ok2 || got != want {
			t.Errorf("%s: set %v/%v, its tables %v/%v", v.Name(), got, ok2, want, ok)
		}
	}
	p, _ := draughts.Brazilian.ParseFEN("W:WKc1,Ka3:BKh8")
	if _, ok := s.Probe(&p); ok {
		t.Error("a Brazilian position answered without Brazilian tables")
	}
	if e, err := OpenSet(t.TempDir()); err != nil || !e.Empty() {
		t.Errorf("an empty folder: %v, %v", e, err)
	}
}

// TestBuildOnNeed: a set of an empty folder with BuildOnNeed builds the
// tables the first time a position they would hold is probed, once,
// while other goroutines probe (a probe waits for them): every probe is
// answered as by the tables built beforehand. A position of more pieces
// builds nothing; a set opened from the folder afterwards lacks nothing.
func TestBuildOnNeed(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	var starts, dones atomic.Int32
	s.BuildOnNeed(AutoBuild{Dir: dir, Pieces: 3,
		Start: func(v draughts.Variant) {
			if v != draughts.Russian {
				t.Errorf("built %v", v)
			}
			starts.Add(1)
		},
		Done: func(v draughts.Variant, classes int, bytes uint64, took time.Duration, err error) {
			if err != nil || classes != len(Classes(3)) || bytes == 0 {
				t.Errorf("done: %d classes, %d bytes, %v", classes, bytes, err)
			}
			dones.Add(1)
		}})
	pos := func(fen string) *draughts.Position {
		p, err := draughts.Russian.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return &p
	}
	many := pos("W:Wa1,c1,e1,g1:Bb8,d8,f8,h8")
	if _, ok := s.Probe(many); ok || starts.Load() != 0 {
		t.Fatalf("8 pieces: held %v, %d builds", ok, starts.Load())
	}
	fens := []string{"W:WKa1,Kc1:BKh2", "B:WKa1,Kc1:BKh2", "W:Wc3:BKh8", "W:WKa1:BKh2", "B:Wc3,e3:Bh8"}
	var wg sync.WaitGroup
	got := make([][]WDL, 4)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, f := range fens {
				w, ok := s.Probe(pos(f))
				if !ok {
					t.Errorf("%s: not held", f)
				}
				got[g] = append(got[g], w)
			}
		}()
	}
	wg.Wait()
	if starts.Load() != 1 || dones.Load() != 1 {
		t.Fatalf("%d builds begun, %d ended, want 1", starts.Load(), dones.Load())
	}
	ref, err := Open(dir, draughts.Russian)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range fens {
		want, _ := ref.Probe(pos(f))
		for g := range got {
			if got[g][i] != want {
				t.Errorf("%s: goroutine %d probed %v, the tables say %v", f, g, got[g][i], want)
			}
		}
	}
	again, err := OpenSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	again.BuildOnNeed(AutoBuild{Dir: dir, Pieces: 3, Start: func(draughts.Variant) { t.Error("built again") }})
	if w, ok := again.Probe(pos(fens[0])); !ok || w != got[0][0] {
		t.Errorf("reopened: %v %v", w, ok)
	}
}
