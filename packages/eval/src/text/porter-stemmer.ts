/**
 * NLTK's Porter stemmer in its default `NLTK_EXTENSIONS` mode, the one `rouge_score` uses: Martin Porter's algorithm
 * plus NLTK's irregular-form table, its consonant-only `y → i` rule, `…ies`/`…ied` for short words, and the step-2
 * extras (`alli` re-run, `bli`, `fulli`, `logi`). Written from the algorithm's description and checked against
 * vectors produced by Debian's `python3-nltk` (see `stemmer-vectors.json`).
 */

const irregular: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'],
  ['inning', 'inning'],
  ['outings', 'outing'],
  ['outing', 'outing'],
  ['cannings', 'canning'],
  ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'],
  ['exceed', 'exceed'],
  ['succeed', 'succeed'],
])

type Condition = ((stem: string) => boolean) | null
/** `[suffix, replacement, condition]`; the suffix `*d` means "ends in a double consonant". */
type Rule = readonly [string, string, Condition]

function isVowelLetter(letter: string | undefined): boolean {
  return letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u'
}

function isConsonant(word: string, index: number): boolean {
  const letter = word[index]
  if (isVowelLetter(letter)) return false
  if (letter === 'y') return index === 0 ? true : !isConsonant(word, index - 1)
  return true
}

/** Porter's measure m: the number of vowel→consonant transitions. */
function measure(stem: string): number {
  let count = 0
  for (let index = 1; index < stem.length; index++) {
    if (isConsonant(stem, index) && !isConsonant(stem, index - 1)) count++
  }
  return count
}

const positive = (stem: string): boolean => measure(stem) > 0
const greaterThanOne = (stem: string): boolean => measure(stem) > 1

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true
  return false
}

function endsDoubleConsonant(word: string): boolean {
  const last = word.length - 1
  return word.length >= 2 && word[last] === word[last - 1] && isConsonant(word, last)
}

/** Condition *o: consonant-vowel-consonant at the end, the last not w/x/y; NLTK also accepts a 2-letter vowel-consonant. */
function endsCvc(word: string): boolean {
  const n = word.length
  if (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1)) {
    const last = word[n - 1]
    if (last !== 'w' && last !== 'x' && last !== 'y') return true
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1)
}

function withoutSuffix(word: string, suffix: string): string {
  return suffix.length === 0 ? word : word.slice(0, word.length - suffix.length)
}

/** The first rule whose suffix matches decides: its replacement when the condition holds, else the word unchanged. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d') {
      if (!endsDoubleConsonant(word)) continue
      const stem = word.slice(0, -2)
      return condition === null || condition(stem) ? stem + replacement : word
    }
    if (word.endsWith(suffix)) {
      const stem = withoutSuffix(word, suffix)
      return condition === null || condition(stem) ? stem + replacement : word
    }
  }
  return word
}

function step1a(word: string): string {
  if (word.length === 4 && word.endsWith('ies')) return `${withoutSuffix(word, 'ies')}ie`
  return applyRules(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ])
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return `${withoutSuffix(word, 'ied')}${word.length === 4 ? 'ie' : 'i'}`
  if (word.endsWith('eed')) {
    const stem = withoutSuffix(word, 'eed')
    return measure(stem) > 0 ? `${stem}ee` : word
  }
  let stem: string | undefined
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix) && containsVowel(withoutSuffix(word, suffix))) {
      stem = withoutSuffix(word, suffix)
      break
    }
  }
  if (stem === undefined) return word
  const last = stem[stem.length - 1] ?? ''
  return applyRules(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (rest) => measure(rest) === 1 && endsCvc(rest)],
  ])
}

function step1c(word: string): string {
  return applyRules(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]])
}

function step2(word: string): string {
  if (word.endsWith('alli') && positive(withoutSuffix(word, 'alli'))) return step2(`${withoutSuffix(word, 'alli')}al`)
  return applyRules(word, [
    ['ational', 'ate', positive],
    ['tional', 'tion', positive],
    ['enci', 'ence', positive],
    ['anci', 'ance', positive],
    ['izer', 'ize', positive],
    ['bli', 'ble', positive],
    ['alli', 'al', positive],
    ['entli', 'ent', positive],
    ['eli', 'e', positive],
    ['ousli', 'ous', positive],
    ['ization', 'ize', positive],
    ['ation', 'ate', positive],
    ['ator', 'ate', positive],
    ['alism', 'al', positive],
    ['iveness', 'ive', positive],
    ['fulness', 'ful', positive],
    ['ousness', 'ous', positive],
    ['aliti', 'al', positive],
    ['iviti', 'ive', positive],
    ['biliti', 'ble', positive],
    ['fulli', 'ful', positive],
    // The measure is taken with the `l` kept on the stem.
    ['logi', 'log', () => positive(word.slice(0, -3))],
  ])
}

function step3(word: string): string {
  return applyRules(word, [
    ['icate', 'ic', positive],
    ['ative', '', positive],
    ['alize', 'al', positive],
    ['iciti', 'ic', positive],
    ['ical', 'ic', positive],
    ['ful', '', positive],
    ['ness', '', positive],
  ])
}

function step4(word: string): string {
  return applyRules(word, [
    ['al', '', greaterThanOne],
    ['ance', '', greaterThanOne],
    ['ence', '', greaterThanOne],
    ['er', '', greaterThanOne],
    ['ic', '', greaterThanOne],
    ['able', '', greaterThanOne],
    ['ible', '', greaterThanOne],
    ['ant', '', greaterThanOne],
    ['ement', '', greaterThanOne],
    ['ment', '', greaterThanOne],
    ['ent', '', greaterThanOne],
    ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
    ['ou', '', greaterThanOne],
    ['ism', '', greaterThanOne],
    ['ate', '', greaterThanOne],
    ['iti', '', greaterThanOne],
    ['ous', '', greaterThanOne],
    ['ive', '', greaterThanOne],
    ['ize', '', greaterThanOne],
  ])
}

function step5a(word: string): string {
  if (!word.endsWith('e')) return word
  const stem = word.slice(0, -1)
  const m = measure(stem)
  if (m > 1) return stem
  if (m === 1 && !endsCvc(stem)) return stem
  return word
}

function step5b(word: string): string {
  return applyRules(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]])
}

/**
 * The stem of a word exactly as `nltk.stem.porter.PorterStemmer().stem(word)` computes it (NLTK 3.5–3.9). The word
 * is lower-cased first (ASCII input is what ROUGE gives it; other letters pass through the rules as consonants).
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase()
  // NLTK looks the word up as given (so only lower-case words hit the table).
  const irregularStem = irregular.get(word)
  if (irregularStem !== undefined) return irregularStem
  if (word.length <= 2) return lower
  let stem = step1a(lower)
  stem = step1b(stem)
  stem = step1c(stem)
  stem = step2(stem)
  stem = step3(stem)
  stem = step4(stem)
  stem = step5a(stem)
  return step5b(stem)
}
