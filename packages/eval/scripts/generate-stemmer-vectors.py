#!/usr/bin/python3
"""Writes src/text/stemmer-vectors.json: words and their stems from NLTK's PorterStemmer (default mode, the one
rouge_score uses). Run once with Debian's python3-nltk (apt-get install -y python3-nltk):

    /usr/bin/python3 packages/eval/scripts/generate-stemmer-vectors.py [files or folders to harvest words from ...]

Without arguments it harvests words from the markdown files of the workspace's node_modules (about 14,500 words). The output holds
the words themselves, so the TypeScript test needs no Python."""
import json
import os
import re
import sys

import nltk
from nltk.stem.porter import PorterStemmer

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'src', 'text', 'stemmer-vectors.json')

# Words aimed at each NLTK rule: the irregular table, short words, -ies/-ied, y after a vowel or a consonant,
# step-2 extras (alli, bli, fulli, logi), doubled consonants, the cvc condition, and upper-case input.
FOCUS = """sky skies dying lying tying news innings inning outings outing cannings canning howe proceed exceed succeed
a i is as at by be ties dies lies pies died tied spied cried flies tried happy happiness days day key keys always
today enjoy enjoyment toy boys say said spy fly try syzygy radically additionally carefully logically analogically
hopefully fully ably possibly humbly nobly sensibly conformably analogi archaeology biology radicalli fulli logi bli
hopping tanned falling hissing fizzed failing filing motoring sing bled plastered agreed feed conflated troubled
sized caresses ponies caress cats relational conditional rational valenci hesitanci digitizer differentli vileli
analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti
sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness revival allowance
inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou
communism activate angulariti homologous effective bowdlerize probate rate cease controll roll generalizations
oscillators running runs ran jumps lazy quick brown sided rolled takes three careful addition
Dying SKIES Running Relational News""".split()

def harvest(paths):
    words = set()
    for root in paths:
        files = [root] if os.path.isfile(root) else [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs]
        for path in files:
            if not path.endswith('.md'):
                continue
            try:
                with open(path, encoding='utf-8', errors='ignore') as handle:
                    text = handle.read(2_000_000)
            except OSError:
                continue
            words.update(re.findall(r'[a-z]+', text.lower()))
    return words

def main():
    paths = sys.argv[1:] or [os.path.join(HERE, '..', '..', '..', 'node_modules', '.pnpm')]
    words = sorted(w for w in harvest(paths) if 1 <= len(w) <= 24)
    stemmer = PorterStemmer()
    seen = set()
    vectors = []
    for word in FOCUS + words:
        if word not in seen:
            seen.add(word)
            vectors.append([word, stemmer.stem(word)])
    with open(OUT, 'w', encoding='utf-8') as handle:
        json.dump({'generator': 'scripts/generate-stemmer-vectors.py', 'nltk': nltk.__version__, 'vectors': vectors},
                  handle, separators=(',', ':'))
        handle.write('\n')
    print(f'{len(vectors)} vectors written to {os.path.normpath(OUT)}')

if __name__ == '__main__':
    main()
