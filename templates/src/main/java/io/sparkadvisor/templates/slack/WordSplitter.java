package io.sparkadvisor.templates.slack;

import java.util.ArrayList;
import java.util.List;

/** Cuts text into pieces of at most a given length, preferring line breaks, then spaces; a word is cut only if it alone is too long. */
final class WordSplitter {
    private WordSplitter() {}

    static List<String> split(String text, int max) {
        List<String> pieces = new ArrayList<>();
        String rest = text;
        while (rest.length() > max) {
            int cut = cutPoint(rest, max);
            pieces.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
        }
        if (!rest.isEmpty() || pieces.isEmpty()) {
            pieces.add(rest);
        }
        return pieces;
    }

    private static int cutPoint(String text, int max) {
        int newline = text.lastIndexOf('\n', max);
        if (newline > max / 2) {
            return newline;
        }
        int space = text.lastIndexOf(' ', max);
        return space > 0 ? space : max;
    }
}
