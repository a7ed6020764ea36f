/// The lists of each language the splitter knows. Every language also gets
/// the common titles, number prefixes and company abbreviations below;
/// a language without an entry gets English's.
extension Abbreviations {
    /// The lists of a primary language subtag; each language's are made
    /// the first time they are asked for.
    static func lists(for primary: String) -> Abbreviations? {
        switch primary {
        case "en": english
        case "de": german
        case "fr": french
        case "es": spanish
        case "it": italian
        case "pt": portuguese
        case "nl": dutch
        case "da": danish
        case "sv": swedish
        case "nb", "nn", "no": norwegian
        case "pl": polish
        case "cs": czech
        case "sk": slovak
        case "ru": russian
        case "uk": ukrainian
        case "bg": bulgarian
        case "kk": kazakh
        case "el": greek
        case "hy": armenian
        case "ar": arabic
        case "fa": persian
        default: nil
        }
    }

    package static let english = language(
        numberPrefixes: ["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon",
                         "tue", "tues", "wed", "thu", "thur", "thurs", "fri"],
        inner: ["e.g", "i.e", "vs", "cf", "viz", "approx", "ca", "esp", "incl", "dept", "est", "fig", "figs",
                "resp"],
        terminal: ["etc", "a.m", "p.m", "esq", "hrs", "bros", "ph.d", "b.a", "m.a", "b.sc", "m.sc", "al"],
        units: ["ft", "in", "yd", "yds", "mi", "lb", "lbs", "oz", "hr", "min", "sec", "km", "kg", "cm", "mm", "mg",
                "ml", "gal", "qt", "pt", "sq", "cu", "mph"],
        sentenceOpeners: ["the", "a", "an", "he", "she", "it", "i", "we", "they", "you", "this", "that", "these",
                          "those", "there", "but", "and", "so", "then", "in", "on", "at", "his", "her", "my", "our",
                          "their", "its", "what", "when", "where", "why", "how", "who", "if", "as", "after",
                          "before", "yet", "still", "however", "now", "one", "some", "all", "no", "not", "is", "are",
                          "was", "were", "do", "did", "does", "can", "could", "will", "would", "should", "may"],
        questionWords: ["what", "who", "whom", "whose", "which", "when", "where", "why", "how"],
        speechVerbs: ["said", "says", "asked", "asks", "cried", "cries", "replied", "replies", "answered",
                      "answers", "exclaimed", "shouted", "whispered", "muttered", "murmured", "remarked", "observed",
                      "inquired", "enquired", "continued", "added", "returned", "repeated", "called", "screamed",
                      "yelled", "gasped", "sighed", "laughed", "demanded", "protested", "interrupted", "began",
                      "suggested", "explained", "retorted", "responded", "snapped", "growled", "roared",
                      "groaned", "stammered", "faltered", "pleaded", "urged", "insisted", "agreed", "admitted",
                      "thought", "wondered", "echoed", "declared", "announced", "mumbled", "sobbed", "shrieked",
                      "whimpered", "breathed", "ventured", "put", "went"])

    package static let german = language(
        titles: ["frau", "herr", "hr", "hrn", "fr", "frl", "dipl", "ing", "med", "jur", "phil", "rer", "nat", "mag",
                 "gebr", "kath", "ev", "evang", "dr.-ing"],
        numberPrefixes: ["s", "abs", "nr", "bd", "kap", "ziff", "art", "tel", "fax", "hausnr", "jan", "feb", "mär", "apr",
                         "jun", "jul", "aug", "sep", "sept", "okt", "nov", "dez"],
        inner: ["z.b", "d.h", "u.a", "o.ä", "u.ä", "bzw", "vgl", "ca", "evtl", "ggf", "inkl", "sog", "u.u", "z.t",
                "z.z", "z.zt", "s.o", "s.u", "i.d.r", "allg", "bspw", "zzgl", "abs", "bzgl", "ggü", "insb", "lt",
                "max", "min", "mind", "od", "o.g", "sog", "u.v.m", "usf", "v.a", "vs", "z.h", "zit", "urspr", "geb",
                "gest", "verh", "bes", "betr", "eigtl", "einschl", "entspr", "erg", "gem", "hpts", "i.a", "i.allg",
                "i.d", "i.e", "i.s.d", "jew", "kfm", "kgl", "näml", "o.a", "p.a", "rd", "röm", "s.a", "schles",
                "spez", "stellv", "tägl", "u.dgl", "u.s.w", "usw.", "vorm", "w.o", "zz"],
        terminal: ["usw", "etc", "u.ä", "str", "jh", "jhd", "jhdt", "m.e", "ff", "gmbh", "ag", "kg", "e.v", "chr",
                   "v.chr", "n.chr"],
        sentenceOpeners: ["der", "die", "das", "ich", "er", "sie", "es", "wir", "ihr", "aber", "und", "dann",
                          "ein", "eine", "im", "in", "am", "als", "auch", "so", "da", "doch", "nun", "wenn",
                          "dies", "diese", "dieser", "man", "was", "wie", "wo", "warum", "wer", "mit", "nach",
                          "bei", "zum", "zur", "vor", "auf", "an", "du", "mein", "sein", "kein", "nicht"],
        questionWords: ["was", "wer", "wen", "wem", "wessen", "welche", "welcher", "welches", "wann", "wo",
                        "warum", "wie", "woher", "wohin", "weshalb", "wieso", "womit"],
        speechVerbs: ["sagte", "fragte", "rief", "antwortete", "flüsterte", "meinte", "erwiderte", "schrie"],
        numberPrefixEndings: ["str"],
        conventions: Conventions(ordinalPeriods: true))

    package static let french = language(
        titles: ["m", "mm", "me", "mgr", "pr", "dr", "mlle", "mme", "vve", "ste", "st"],
        numberPrefixes: ["n°", "no", "p", "pp", "t", "vol", "chap", "art", "al", "éd", "fig", "tél", "janv", "févr", "avr",
                         "juil", "sept", "oct", "nov", "déc", "lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
        inner: ["c.-à-d", "c.à.d", "cf", "ex", "env", "càd", "vs", "p.ex", "c.-à.-d", "resp", "etc.-"],
        terminal: ["etc", "av", "apr", "j.-c", "hab", "cie", "inc", "ltd"],
        sentenceOpeners: ["le", "la", "les", "il", "elle", "ils", "elles", "je", "nous", "vous", "on", "mais",
                          "et", "puis", "un", "une", "ce", "cette", "ces", "dans", "en", "si", "quand", "alors",
                          "c'est", "cela", "ainsi", "pour", "au", "à", "l'", "qui", "que", "tu", "mon", "son"],
        questionWords: ["que", "qui", "quoi", "quel", "quelle", "quels", "quelles", "quand", "où", "pourquoi",
                        "comment", "combien", "qu'est-ce", "lequel", "laquelle"],
        speechVerbs: ["dit", "demanda", "répondit", "cria", "murmura", "s'écria", "reprit", "ajouta"])

    package static let spanish = language(
        titles: ["srta", "sra", "sr", "sres", "srs", "dña", "dn", "lic", "ing", "arq", "abg", "ldo", "lda", "dra",
                 "prof", "profa", "excmo", "excma", "ilmo", "ilma", "mons", "pbro", "ud", "uds", "vd", "vds", "mt"],
        numberPrefixes: ["núm", "num", "no", "nº", "n°", "pág", "págs", "párr", "párrf", "art", "cap", "tel",
                         "ext", "cra", "cl", "av", "avda", "km", "ene", "feb", "mar", "abr", "may", "jun", "jul",
                         "ago", "sep", "sept", "oct", "nov", "dic", "lun", "mié", "jue", "vie", "sáb", "dom"],
        inner: ["p.ej", "vs", "aprox", "cf", "ej", "vid", "admón", "dpto", "depto", "etc.-", "pza", "pag"],
        terminal: ["etc", "a.c", "d.c", "s.a", "s.l", "cía", "hs", "min", "seg"],
        sentenceOpeners: ["el", "la", "los", "las", "él", "ella", "ellos", "ellas", "yo", "nosotros", "pero",
                          "y", "luego", "un", "una", "en", "este", "esta", "eso", "esto", "si", "cuando",
                          "entonces", "no", "se", "lo", "de", "por", "para", "con", "hay", "es"],
        questionWords: ["qué", "quién", "quiénes", "cuál", "cuáles", "cuándo", "dónde", "adónde", "cómo",
                        "cuánto", "cuánta", "cuántos", "cuántas", "por"],
        speechVerbs: ["dijo", "preguntó", "respondió", "contestó", "exclamó", "gritó"])

    package static let italian = language(
        titles: ["sig", "sig.ra", "sig.na", "sigg", "ing", "avv", "dott", "dott.ssa", "dr", "prof", "prof.ssa",
                 "dir", "amm", "geom", "rag", "arch", "psicol", "mons", "on", "sen", "gen", "col", "cav", "egr",
                 "gent", "spett", "p.i", "v.cte", "mt"],
        numberPrefixes: ["n", "nr", "num", "pag", "pagg", "art", "cap", "tel", "fax", "vol", "es", "gen", "feb", "mar", "apr",
                         "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic", "lun", "mer", "gio", "ven", "sab",
                         "dom"],
        inner: ["es", "ecc", "cfr", "vs", "ca", "ad es", "p.es", "pp", "sg", "ss", "cit", "d.c", "a.c"],
        terminal: ["etc", "ecc", "s.p.a", "s.r.l", "spa", "srl", "hs", "az", "econ"],
        sentenceOpeners: ["il", "lo", "la", "i", "gli", "le", "un", "una", "io", "lui", "lei", "noi", "voi",
                          "loro", "ma", "e", "poi", "in", "se", "quando", "questo", "questa", "non", "si", "è",
                          "mi", "ci", "ti"],
        questionWords: ["che", "chi", "cosa", "quale", "quali", "quando", "dove", "perché", "come", "quanto",
                        "quanta", "quanti", "quante"],
        speechVerbs: ["disse", "chiese", "rispose", "gridò", "esclamò"])

    package static let portuguese = language(
        titles: ["sr", "sra", "srta", "dr", "dra", "prof", "profa", "eng", "exmo", "exma", "d", "v.exa", "mt"],
        numberPrefixes: ["n", "nº", "no", "pág", "págs", "art", "cap", "tel", "vol", "jan", "fev", "mar", "abr", "mai",
                         "jun", "jul", "ago", "set", "out", "nov", "dez"],
        inner: ["p.ex", "ex", "vs", "cf", "aprox", "etc.-"],
        terminal: ["etc", "ltda", "s.a", "cia"],
        sentenceOpeners: ["o", "a", "os", "as", "eu", "ele", "ela", "nós", "eles", "elas", "mas", "e", "um",
                          "uma", "em", "se", "quando", "não", "isso", "este", "esta"],
        questionWords: ["que", "quem", "qual", "quais", "quando", "onde", "porque", "como", "quanto"],
        speechVerbs: ["disse", "perguntou", "respondeu", "gritou"])

    package static let dutch = language(
        titles: ["dhr", "mevr", "mw", "mej", "drs", "ir", "ing", "mr", "prof", "dr", "st"],
        numberPrefixes: ["nr", "blz", "art", "hfst", "tel", "no"],
        inner: ["bijv", "bv", "m.a.w", "o.a", "d.w.z", "enz", "e.d", "i.p.v", "t.a.v", "m.b.t", "z.g.a", "aanw",
                "vnw", "ca", "resp", "evt", "incl", "excl", "t.o.v", "vs"],
        terminal: ["enz", "etc", "b.v", "n.v", "e.a"],
        sentenceOpeners: ["de", "het", "een", "ik", "hij", "zij", "ze", "we", "wij", "jij", "u", "maar", "en",
                          "dan", "in", "op", "als", "dit", "dat", "er", "toen", "niet"],
        questionWords: ["wat", "wie", "welk", "welke", "wanneer", "waar", "waarom", "hoe", "hoeveel"],
        speechVerbs: ["zei", "vroeg", "riep", "antwoordde"])

    package static let danish = language(
        titles: ["hr", "fr", "frk", "skt", "sct", "pr", "cand", "mag", "dr", "prof", "mt"],
        numberPrefixes: ["nr", "s", "kap", "tlf", "no", "pkt", "stk"],
        inner: ["f.eks", "bl.a", "dvs", "mht", "ifm", "pga", "ca", "evt", "jf", "vha", "osv", "mv", "m.fl", "inkl",
                "ekskl", "iflg", "ifølge", "fx", "vs"],
        terminal: ["osv", "mv", "etc", "m.fl", "a/s", "aps"],
        sentenceOpeners: ["den", "det", "de", "en", "et", "jeg", "han", "hun", "vi", "i", "men", "og", "så",
                          "da", "hvad", "hvor", "hvem", "hvorfor", "hvordan", "der", "nu", "du", "min", "hans"],
        questionWords: ["hvad", "hvem", "hvilken", "hvilke", "hvornår", "hvor", "hvorfor", "hvordan"],
        speechVerbs: ["sagde", "spurgte", "råbte", "svarede"],
        conventions: Conventions(ordinalPeriods: true))

    package static let swedish = language(
        titles: ["hr", "fr", "frk", "sankt", "s:t", "prof", "dr", "kapt", "mt"],
        numberPrefixes: ["nr", "s", "kap", "tel", "no"],
        inner: ["t.ex", "bl.a", "d.v.s", "dvs", "m.m", "o.s.v", "osv", "ca", "resp", "jfr", "fr.o.m", "t.o.m",
                "m.fl", "inkl", "exkl", "vs", "p.g.a", "pga"],
        terminal: ["osv", "etc", "m.m", "m.fl", "ab"],
        sentenceOpeners: ["den", "det", "de", "en", "ett", "jag", "han", "hon", "vi", "ni", "men", "och", "så",
                          "då", "vad", "var", "vem", "varför", "hur", "nu", "du", "min", "hans"],
        questionWords: ["vad", "vem", "vilken", "vilka", "när", "var", "varför", "hur"],
        speechVerbs: ["sade", "sa", "frågade", "ropade", "svarade"],
        conventions: Conventions(ordinalPeriods: true))

    package static let norwegian = language(
        titles: ["hr", "fr", "frk", "st", "prof", "dr", "mt"],
        numberPrefixes: ["nr", "s", "kap", "tlf", "no"],
        inner: ["f.eks", "bl.a", "dvs", "osv", "ca", "jf", "m.m", "m.fl", "inkl", "pga", "vs"],
        terminal: ["osv", "etc", "m.m", "m.fl", "as", "asa"],
        sentenceOpeners: ["den", "det", "de", "en", "et", "jeg", "han", "hun", "vi", "dere", "men", "og", "så",
                          "da", "hva", "hvor", "hvem", "hvorfor", "hvordan", "nå", "du", "min", "hans"],
        questionWords: ["hva", "hvem", "hvilken", "hvilke", "når", "hvor", "hvorfor", "hvordan"],
        speechVerbs: ["sa", "sagt", "spurte", "ropte", "svarte"],
        conventions: Conventions(ordinalPeriods: true))

    package static let polish = language(
        titles: ["p", "pan", "pani", "dr", "prof", "inż", "mgr", "ks", "św", "hab", "doc", "płk", "gen", "kpt"],
        numberPrefixes: ["nr", "s", "str", "rozdz", "art", "ust", "pkt", "tel", "t", "ul", "al"],
        inner: ["np", "tzn", "tj", "itd", "itp", "m.in", "wg", "ok", "ww", "zob", "por", "tzw", "jw", "bałt", "ang",
                "łac", "niem", "fr", "ros", "ur", "zm"],
        terminal: ["itd", "itp", "r", "w", "sp", "z.o.o", "s.a"],
        sentenceOpeners: ["to", "ten", "ta", "ja", "on", "ona", "my", "wy", "oni", "ale", "i", "a", "w", "na",
                          "nie", "co", "jak", "gdzie", "kiedy", "dlaczego", "tak"],
        questionWords: ["co", "kto", "który", "która", "które", "kiedy", "gdzie", "dlaczego", "jak", "ile"],
        conventions: Conventions(ordinalPeriods: true))

    package static let czech = language(
        titles: ["p", "pí", "sl", "ing", "mgr", "mudr", "judr", "phdr", "rndr", "doc", "prof", "dr", "sv", "plk"],
        numberPrefixes: ["č", "s", "str", "odst", "písm", "tel", "kap", "ul"],
        inner: ["např", "tzv", "tj", "resp", "atd", "apod", "popř", "mj", "tzn", "aj", "cca", "vč", "př", "viz",
                "s.r.o", "a.s", "spol", "r.o"],
        terminal: ["atd", "apod", "aj", "s.r.o", "a.s", "r", "kč"],
        sentenceOpeners: ["to", "ten", "ta", "já", "on", "ona", "my", "vy", "oni", "ale", "a", "v", "na", "ne",
                          "co", "jak", "kde", "kdy", "proč", "tak"],
        questionWords: ["co", "kdo", "který", "která", "které", "kdy", "kde", "proč", "jak", "kolik"],
        conventions: Conventions(ordinalPeriods: true))

    package static let slovak = language(
        titles: ["p", "pani", "sl", "ing", "mgr", "mudr", "judr", "phdr", "rndr", "doc", "prof", "dr", "sv", "plk"],
        numberPrefixes: ["č", "s", "str", "ods", "písm", "tel", "kap", "ul"],
        inner: ["napr", "tzv", "t.j", "tj", "resp", "atď", "a pod", "popr", "mj", "tzn", "cca", "vr", "pozn",
                "s.r.o", "a.s", "spol", "r.o", "resp"],
        terminal: ["atď", "a.s", "s.r.o", "r", "eur"],
        sentenceOpeners: ["to", "ten", "ta", "ja", "on", "ona", "my", "vy", "oni", "ale", "a", "v", "na", "nie",
                          "čo", "ako", "kde", "kedy", "prečo", "tak"],
        questionWords: ["čo", "kto", "ktorý", "ktorá", "ktoré", "kedy", "kde", "prečo", "ako", "koľko"],
        conventions: Conventions(ordinalPeriods: true))

    package static let russian = language(
        titles: ["г-н", "г-жа", "проф", "акад", "д-р", "тов", "им", "св", "пгт", "пос", "дер", "ст", "доц", "гр"],
        numberPrefixes: ["№", "с", "стр", "т", "гл", "п", "ст", "ул", "д", "кв", "корп", "тел", "рис", "табл",
                         "пл", "просп", "пер"],
        inner: ["т.е", "т.к", "т.п", "т.д", "т.н", "и т.д", "и т.п", "др", "пр", "см", "ср", "напр", "г", "гг",
                "вв", "в", "н.э", "до н.э", "руб", "коп", "тыс", "млн", "млрд", "ок", "прим", "англ", "лат",
                "нем", "фр", "сокр", "букв", "т.о", "у.е", "долл", "дол", "ред", "изд", "под ред", "обл", "р-н",
                "куб", "кв.м", "куб.м", "жен", "муж", "род", "ед", "мн", "ч", "мин", "сек"],
        terminal: ["и др", "и пр", "т.д", "т.п", "и т.д", "и т.п", "м", "км", "кг", "см", "мм", "л"],
        sentenceOpeners: ["я", "он", "она", "оно", "мы", "вы", "они", "это", "но", "и", "а", "в", "на", "не",
                          "что", "как", "где", "когда", "почему", "так", "тогда", "потом", "все", "там"],
        questionWords: ["что", "кто", "какой", "какая", "какое", "какие", "когда", "где", "куда", "откуда",
                        "почему", "зачем", "как", "сколько", "чей"],
        speechVerbs: ["сказал", "сказала", "спросил", "спросила", "ответил", "ответила", "крикнул", "крикнула"])

    package static let ukrainian = language(
        titles: ["п", "пан", "пані", "проф", "акад", "д-р", "св", "доц"],
        numberPrefixes: ["№", "с", "стор", "т", "гл", "п", "ст", "вул", "буд", "кв", "тел", "рис", "табл"],
        inner: ["т.я", "т.б", "т.д", "т.ін", "і т.д", "і т.ін", "див", "напр", "р", "рр", "ст", "грн", "коп",
                "тис", "млн", "млрд", "близ", "англ", "лат", "обл", "р-н"],
        terminal: ["т.д", "т.ін", "і т.д", "і т.ін", "м", "км", "кг", "см"],
        sentenceOpeners: ["я", "він", "вона", "воно", "ми", "ви", "вони", "це", "але", "і", "а", "в", "на",
                          "не", "що", "як", "де", "коли", "чому", "так", "тоді"],
        questionWords: ["що", "хто", "який", "яка", "яке", "які", "коли", "де", "куди", "чому", "як",
                        "скільки", "чий"])

    package static let bulgarian = language(
        titles: ["г-н", "г-жа", "г-ца", "проф", "акад", "д-р", "доц", "св", "ген", "пл", "бул", "ул", "гр"],
        numberPrefixes: ["№", "с", "стр", "т", "гл", "п", "ал", "чл", "ул", "бул", "бл", "ет", "ап", "тел",
                         "пл"],
        inner: ["т.е", "т.г", "т.нар", "напр", "вкл", "и т.н", "и др", "г", "гр", "в", "лв", "ст", "хил", "млн",
                "млрд", "ок", "вж", "срв", "англ", "лат", "нем", "фр", "т.к", "т.сл", "сл", "пр", "мин"],
        terminal: ["и т.н", "и др", "м", "км", "кг", "см"],
        sentenceOpeners: ["аз", "той", "тя", "то", "ние", "вие", "те", "но", "и", "а", "в", "на", "не", "това",
                          "какво", "как", "къде", "кога", "защо", "така"],
        questionWords: ["какво", "кой", "коя", "кое", "кои", "кога", "къде", "защо", "как", "колко", "чий"])

    package static let kazakh = language(
        titles: ["проф", "акад", "ғ", "т", "ж"],
        numberPrefixes: ["№", "б", "бет", "т", "ш", "көш"],
        inner: ["т.б", "т.с.с", "б.з.б", "б.з", "ж", "жж", "ғ", "ғғ", "млн", "млрд", "мыс", "қ", "ш", "с", "см",
                "т.т", "тағы"],
        terminal: ["т.б", "т.с.с", "м", "км", "кг"],
        sentenceOpeners: ["мен", "сен", "ол", "біз", "сіз", "олар", "бұл", "бірақ", "және", "ал", "не", "кім",
                          "қашан", "қайда", "неге", "қалай"],
        questionWords: ["не", "кім", "қандай", "қашан", "қайда", "неге", "қалай", "қанша"])

    package static let greek = language(
        titles: ["κ", "κα", "δρ", "καθ", "αγ", "στ"],
        numberPrefixes: ["αρ", "σελ", "κεφ", "τηλ", "άρθ"],
        inner: ["π.χ", "δηλ", "κ.λπ", "κ.ά", "κ.τ.λ", "βλ", "π.Χ", "μ.Χ", "περ", "χλμ", "εκ", "ολ"],
        terminal: ["κ.λπ", "κ.τ.λ", "κ.ά", "ε.ε", "α.ε"],
        sentenceOpeners: ["ο", "η", "το", "οι", "τα", "ένας", "μια", "ένα", "εγώ", "αυτός", "αυτή", "εμείς",
                          "αλλά", "και", "όταν", "τότε", "δεν", "τις", "τον", "την"],
        questionWords: ["τι", "ποιος", "ποια", "ποιο", "πότε", "πού", "γιατί", "πώς", "πόσο"],
        conventions: Conventions(extraTerminators: [";"], breaksBeforeLowercase: true))

    package static let armenian = language(
        sentenceOpeners: [], questionWords: ["ինչ", "ով", "երբ", "որտեղ", "ինչու", "ինչպես"],
        conventions: Conventions(extraTerminators: [":"]))

    package static let arabic = language(
        titles: ["د", "م", "أ", "ص", "ش", "ج", "ع", "هـ"],
        numberPrefixes: ["ص", "رقم", "ج"],
        inner: ["إلخ", "الخ", "ق.م", "ت"],
        sentenceOpeners: [], questionWords: ["ما", "ماذا", "من", "متى", "أين", "لماذا", "كيف", "كم", "هل"],
        conventions: Conventions(extraTerminators: [":"]))

    package static let persian = language(
        titles: ["د", "م", "آ"],
        inner: ["ق.م", "ه.ش", "ه.ق"],
        sentenceOpeners: [], questionWords: ["چه", "چی", "کی", "کجا", "چرا", "چطور", "چند", "آیا"],
        conventions: Conventions(extraTerminators: [":"]))

    /// Titles in the major European languages, applied in every language.
    static let commonTitles: Set<String> = [
        "mr", "mrs", "ms", "messrs", "mme", "mlle", "mm", "dr", "drs", "prof", "st", "ste", "rev", "hon", "gen",
        "col", "capt", "lt", "sgt", "cpl", "maj", "adm", "gov", "sen", "rep", "pres", "fr", "sr", "sra", "srta",
        "srs", "dña", "hrn", "frl", "dipl", "mgr", "mt", "revd", "supt", "insp", "cmdr", "pvt", "br",
    ]

    /// Abbreviations that stand before a number in the major European
    /// languages, applied in every language.
    static let commonNumberPrefixes: Set<String> = [
        "no", "nos", "nr", "n°", "núm", "num", "vol", "vols", "p", "pp", "ch", "chap", "art", "sec", "fig", "s",
        "bd", "tel", "tél", "op", "ed", "ca", "nº", "par", "para", "sect", "pt", "pl", "ex", "app",
    ]

    /// Company and degree abbreviations, names' suffixes: may end a sentence
    /// in any language.
    static let commonTerminal: Set<String> = [
        "co", "corp", "inc", "ltd", "llc", "plc", "jr", "sr", "u.s", "u.k", "u.s.a", "e.u", "u.n", "d.c",
    ]

    /// One language's lists with the common ones added.
    private static func language(
        titles: Set<String> = [], numberPrefixes: Set<String> = [], inner: Set<String> = [], terminal: Set<String> = [],
        units: Set<String> = [], sentenceOpeners: Set<String>, questionWords: Set<String>,
        speechVerbs: Set<String> = [], numberPrefixEndings: [String] = [], conventions: Conventions = Conventions()
    ) -> Abbreviations {
        Abbreviations(
            titles: commonTitles.union(titles),
            numberPrefixes: commonNumberPrefixes.union(numberPrefixes),
            inner: inner, terminal: commonTerminal.union(terminal), units: units, sentenceOpeners: sentenceOpeners,
            questionWords: questionWords, speechVerbs: speechVerbs, numberPrefixEndings: numberPrefixEndings,
            conventions: conventions)
    }
}
