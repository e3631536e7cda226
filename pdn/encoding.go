package pdn

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Encoding names recorded in Game.Encoding besides UTF8 and Windows1251,
// and accepted by Reader.Encoding.
const (
	CP866   = "cp866"
	KOI8R   = "koi8-r"
	UTF16LE = "utf-16le"
	UTF16BE = "utf-16be"
	// Windows1252 is the Western code page of French, Dutch, German and
	// Italian archives; ISO-8859-1 (Latin-1) is read as it, as the WHATWG
	// Encoding Standard reads it (the two differ only at 0x80-0x9F, where
	// Latin-1 has control characters no text uses).
	Windows1252 = "windows-1252"
)

// Encodings lists the names Reader.Encoding accepts.
var Encodings = []string{UTF8, Windows1251, CP866, KOI8R, Windows1252, UTF16LE, UTF16BE}

// codePages are the one-byte Cyrillic code pages a game that is not
// UTF-8 may be in, in the order ties go (Windows-1252 is told from them
// apart, by westernText).
var codePages = []struct {
	name string
	cm   *charmap.Charmap
}{
	{Windows1251, charmap.Windows1251},
	{CP866, charmap.CodePage866},
	{KOI8R, charmap.KOI8R},
}

// ParseEncoding checks an encoding name for Reader.Encoding, without
// regard to case and with the usual other spellings (utf8, cp1251, 1251,
// ibm866, 866, koi8r, utf16le...). "" and "auto" are detection.
func ParseEncoding(s string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.NewReplacer("_", "-", " ", "-").Replace(n)
	switch n {
	case "", "auto":
		return "", nil
	case "utf-8", "utf8":
		return UTF8, nil
	case "windows-1251", "cp1251", "1251", "win-1251", "windows1251":
		return Windows1251, nil
	case "cp866", "866", "ibm866", "ibm-866", "dos-866":
		return CP866, nil
	case "koi8-r", "koi8r", "koi8":
		return KOI8R, nil
	case "windows-1252", "cp1252", "1252", "win-1252", "windows1252", "latin-1", "latin1", "l1", "iso-8859-1", "iso8859-1", "iso-latin-1":
		return Windows1252, nil
	case "utf-16le", "utf16le", "utf-16", "utf16":
		return UTF16LE, nil
	case "utf-16be", "utf16be":
		return UTF16BE, nil
	}
	return "", fmt.Errorf("unknown encoding %q (%s)", s, strings.Join(Encodings, ", "))
}

// decodeGame decodes the bytes of a game that is not read as UTF-8: in
// the code page forced, else in Windows-1252 when its bytes over 0x7F
// sit in Latin words (see westernText), else in the Cyrillic code page
// its letters read best in (see detectCodePage). It returns the text and
// the encoding's name.
func decodeGame(b []byte, forced string) ([]byte, string) {
	cm, name := charmap.Windows1251, Windows1251
	switch {
	case forced == Windows1252:
		cm, name = charmap.Windows1252, Windows1252
	case forced != "":
		for _, c := range codePages {
			if c.name == forced {
				cm, name = c.cm, c.name
			}
		}
	case westernText(b):
		cm, name = charmap.Windows1252, Windows1252
	default:
		cm, name = detectCodePage(b)
	}
	dec, err := cm.NewDecoder().Bytes(b)
	if err != nil { // cannot happen: every byte has a mapping
		dec = bytes.ToValidUTF8(b, []byte("\uFFFD"))
	}
	return dec, name
}

// forcedCodePage reports whether name is a one-byte code page, which a
// game is decoded from even when its bytes are valid UTF-8.
func forcedCodePage(name string) bool {
	return name == Windows1251 || name == CP866 || name == KOI8R || name == Windows1252
}

// westernText reports whether the bytes over 0x7F of a game that is not
// UTF-8 read as the accented letters of a Western code page rather than
// as Cyrillic: in French, Dutch or German names one or two such bytes
// stand inside a Latin word ("Herv\xe9", "M\xfcller"), where Cyrillic
// text is whole words of them, set apart by spaces and punctuation
// ("\xc8\xe2\xe0\xed\xee\xe2 \xc8."). Each run of bytes over 0x7F
// counts for one side: a run of one or two that touches an ASCII letter
// is a Western one, any other a Cyrillic one; Western text must have
// more. Ties go to Cyrillic, the archives damka reads most.
func westernText(b []byte) bool {
	western, cyrillic := 0, 0
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] >= 0x80 {
			j++
		}
		touches := i > 0 && isASCIILetter(b[i-1]) || j < len(b) && isASCIILetter(b[j])
		if j-i <= 2 && touches {
			western++
		} else {
			cyrillic++
		}
		i = j
	}
	return western > cyrillic
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// russianFreq is the frequency of the letters of Russian text (per
// 10,000 letters, after the Russian National Corpus).
var russianFreq = map[rune]float64{
	'о': 1097, 'е': 845, 'а': 801, 'и': 735, 'н': 670, 'т': 626, 'с': 547, 'р': 473,
	'в': 454, 'л': 440, 'к': 349, 'м': 321, 'д': 298, 'п': 281, 'у': 262, 'я': 201,
	'ы': 190, 'ь': 174, 'г': 170, 'з': 165, 'б': 159, 'ч': 144, 'й': 121, 'х': 97,
	'ж': 94, 'ш': 73, 'ю': 64, 'ц': 48, 'щ': 36, 'э': 32, 'ф': 26, 'ъ': 4, 'ё': 4,
}

// Log-likelihood penalties of the code page detector.
var (
	logOther     = math.Log(0.5 / 10000) // a non-ASCII character that is no Cyrillic letter
	logLowUpper  = math.Log(0.01)        // a capital right after a small letter
	logUpperRun  = math.Log(0.8)         // a capital after a capital (names in capitals are common)
	logRareScale = math.Log(1.0 / 10000) // scale of russianFreq
)

// detectCodePage picks, for bytes that are not UTF-8, the Cyrillic code
// page (Windows-1251, CP866 or KOI8-R) in which they read most like
// Russian: each decoding is scored by the log-likelihood of its letters
// under the frequencies of Russian letters, with penalties for
// characters that are no letters (box drawing, symbols) and for capitals
// after small letters. The three code pages put small and capital letters, and
// box drawing, at different bytes, so a wrong one reads as capitals in
// the middle of words or as drawing characters: a name or two is enough
// to tell them apart.
func detectCodePage(b []byte) (*charmap.Charmap, string) {
	best, bestScore := 0, math.Inf(-1)
	for i, c := range codePages {
		if s := codePageScore(b, c.cm); s > bestScore {
			best, bestScore = i, s
		}
	}
	return codePages[best].cm, codePages[best].name
}

func codePageScore(b []byte, cm *charmap.Charmap) float64 {
	score := 0.0
	var prev rune // the character before, decoded
	for _, c := range b {
		r := rune(c)
		if c >= 0x80 {
			r = cm.DecodeByte(c)
			lower := unicode.ToLower(r)
			switch f, ok := russianFreq[lower]; {
			case ok:
				score += math.Log(f) + logRareScale
				if r != lower { // a capital
					switch {
					case isCyrillicLower(prev):
						score += logLowUpper
					case isCyrillicUpper(prev):
						score += logUpperRun
					}
				}
			default: // also Ukrainian and Belarusian letters: rare in Russian archives
				score += logOther
			}
		} else if unicode.IsLetter(r) && isCyrillicLower(prev) {
			score += logLowUpper // a Latin letter glued to a Cyrillic one
		}
		prev = r
	}
	return score
}

func isCyrillicLower(r rune) bool {
	return r >= 0x400 && unicode.Is(unicode.Cyrillic, r) && unicode.IsLower(r)
}
func isCyrillicUpper(r rune) bool {
	return r >= 0x400 && unicode.Is(unicode.Cyrillic, r) && unicode.IsUpper(r)
}

// sniffUTF16 looks at the first bytes of the input for UTF-16: a byte
// order mark, or, without one, a quarter of the characters or more with
// a zero byte always on the same side (ASCII text in UTF-16; a NUL byte
// is never PDN). It returns the encoding's name, or "".
func sniffUTF16(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return UTF16LE
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return UTF16BE
	}
	if len(head) < 8 {
		return ""
	}
	n := len(head) &^ 1
	var zeros [2]int
	for i := 0; i < n; i++ {
		if head[i] == 0 {
			zeros[i%2]++
		}
	}
	quarter := n / 8 // of the characters
	switch {
	case zeros[1] >= quarter && zeros[0] == 0:
		return UTF16LE
	case zeros[0] >= quarter && zeros[1] == 0:
		return UTF16BE
	}
	return ""
}

// utf16Reader decodes UTF-16 input (of the byte order named, a byte
// order mark overriding it) to UTF-8, dropping the mark.
func utf16Reader(r io.Reader, name string) io.Reader {
	order := xunicode.LittleEndian
	if name == UTF16BE {
		order = xunicode.BigEndian
	}
	var e encoding.Encoding = xunicode.UTF16(order, xunicode.UseBOM)
	return transform.NewReader(r, e.NewDecoder())
}

// sniffUTF16Bytes are the first bytes looked at for UTF-16 without a
// byte order mark (fewer than sniffBytes, which the reader has read).
const sniffUTF16Bytes = 512

// startEncoding applies Reader.Encoding, or looks for UTF-16, once the
// first bytes of the input are in buf: UTF-16 input is decoded to UTF-8
// as it is read, and read again from the start.
func (r *Reader) startEncoding() {
	enc, err := ParseEncoding(r.Encoding)
	if err != nil {
		r.err = err
		return
	}
	r.enc = enc
	wide := enc
	if wide == "" {
		for r.n < sniffUTF16Bytes && !r.eof && r.rerr == nil {
			r.read(sniffUTF16Bytes - r.n)
		}
		wide = sniffUTF16(r.buf[:min(r.n, sniffUTF16Bytes)])
	}
	if wide != UTF16LE && wide != UTF16BE {
		return
	}
	head := append([]byte(nil), r.buf[:r.n]...)
	var src io.Reader = bytes.NewReader(head)
	if !r.eof {
		src = io.MultiReader(src, r.src)
	}
	r.src = utf16Reader(src, wide)
	r.n, r.eof, r.rerr = 0, false, nil
	r.enc, r.wide = UTF8, wide
	for r.n < sniffBytes && !r.eof && r.rerr == nil {
		r.read(sniffBytes - r.n)
	}
}
