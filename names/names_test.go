package names

import "testing"

func TestFold(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Цирик", "cirik"},
		{"Tsirik", "cirik"},
		{"Cirik", "cirik"},
		{"Tzirik", "cirik"},
		{"ЦИРИК", "cirik"},
		{"Щукин", "qukin"},
		{"Shchukin", "qukin"},
		{"Szczukin", "qukin"},
		{"Чигорин", "chigorin"},
		{"Tschigorin", "chigorin"},
		{"Tchigorine", "chigorine"},
		{"Čigorin", "chigorin"},
		{"Хасин", "hasin"},
		{"Khasin", "hasin"},
		{"Hasin", "hasin"},
		{"Юрий", "iuri"},
		{"Yuriy", "iuri"},
		{"Iouri", "iuri"},
		{"Juri", "iuri"},
		{"Дмитрий", "dmitri"},
		{"Dmitry", "dmitri"},
		{"Андреев", "andrev"},
		{"Andreyev", "andrev"},
		{"Елена", "elena"},
		{"Yelena", "elena"},
		{"Petroff", "petrov"},
		{"Петров", "petrov"},
		{"Wolkow", "volkov"},
		{"Alexandr", "aleksandr"},
		{"Александр", "aleksandr"},
		{"Жуков", "zhukov"},
		{"Žukov", "zhukov"},
		{"Gor'kiy", "gorki"},
		{"Горький", "gorki"},
		{"Джафаров", "diafarov"},
		{"Dzhafarov", "diafarov"},
		{"Djafarov", "diafarov"},
		{"Sijbrands", "sibrands"},
		{"Müller", "muler"},
		{"Шмидт", "shmidt"},
		{"Schmidt", "shmidt"},
		{"Шошин", "shoshin"},
		{"Хорошо", "horosho"},
	} {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Цирик З.И.", "cirik z. i."},
		{"Z. Tsirik", "z. cirik"},
		{"Tsirik, Zinovy", "cirik zinovi"},
		{"З.И.Цирик", "z. i. cirik"},
		{"Yu. Petrov", "i. petrov"},
		{"Тюнев Е.", "tiunev e."},
		{"Sijbrands T (NED) [2400]", "sibrands t."},
		{"Petrov-Vodkin", "petrov vodkin"},
		{"?", ""},
		{"", ""},
		{"N.N.", "n. n."},
	} {
		if got := Parse(c.in).String(); got != c.want {
			t.Errorf("Parse(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		// The example, every way round.
		{"Цирик З.И.", "Tsirik Z.", true},
		{"Цирик З.И.", "Z. Tsirik", true},
		{"Tsirik Z.", "Z. Tsirik", true},
		{"Цирик З.И.", "Tsirik Zinovy", true},
		{"Цирик З.И.", "Zinovy Iosifovich Tsirik", true},
		{"Цирик З.И.", "ЦИРИК", true},
		{"tsirik", "Цирик З.И.", true},
		{"Цирик", "Cirik", true},
		// Other people.
		{"Цирик З.И.", "Tsirik A.", false},
		{"Petrov A.", "Petrov S.", false},
		{"Petrov", "Petrova", false},
		{"Цирик З.И.", "Цирик З.А.", false},
		{"Zinovy Tsirik", "Zakhar Tsirik", false},
		{"Ivanov", "Petrov", false},
		{"Z.", "Z. Tsirik", false}, // initials alone name nobody else
		{"N.N.", "N. N.", true},
		{"N.N.", "N.", false},
		// Transliterations.
		{"Щукин Ю.", "Shchukin Yu.", true},
		{"Щукин Ю.", "Szczukin J.", true},
		{"Хасин Д.", "Khasin D.", true},
		{"Чигорин М.И.", "M. Tschigorin", true},
		{"Андреев Е.", "Yevgeny Andreyev", true},
		{"Петров", "Petroff", true},
		// Unknown names.
		{"?", "", true},
		{"?", "Petrov", false},
	} {
		if got := Match(c.a, c.b); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := Match(c.b, c.a); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v (swapped)", c.b, c.a, got, c.want)
		}
	}
}
