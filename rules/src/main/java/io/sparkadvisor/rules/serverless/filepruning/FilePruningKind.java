package io.sparkadvisor.rules.serverless.filepruning;

/** What the DRL found in a statement's reads: many small files, or a full read that pruning could have cut. */
public enum FilePruningKind {
    SMALL_FILES, NO_PRUNING
}
