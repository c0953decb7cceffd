package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cause line of failures as the facts keep them (the texts are from real logs: kubeflow's Spark 4.1 fixtures, RAPIDS'). */
class FailureTextTest {
    @Test
    void aPythonWorkersErrorIsNamedWithoutItsCarrier() {
        // As the facts keep it: the traceback's frames already replaced by the error it raised.
        String stage = "Task 0 in stage 5.0 failed 4 times, most recent failure: Lost task 0.3 in stage 5.0 (TID 19) "
                + "(71cc0a0f2562 executor driver): org.apache.spark.api.python.PythonException: Exception: deliberate permanent failure\n"
                + "\tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handle";
        assertEquals("Exception: deliberate permanent failure", FailureText.cause(stage));
        assertEquals("ValueError: bad row", FailureText.cause("ExceptionFailure", "org.apache.spark.api.python.PythonException",
                "ValueError: bad row"));
    }

    @Test
    void aJavaFailureKeepsItsClassAndMessageWithoutFrames() {
        assertEquals("org.apache.spark.shuffle.FetchFailedException: /disk0/shuffle_54_8347_0.index",
                FailureText.cause("org.apache.spark.shuffle.FetchFailedException: /disk0/shuffle_54_8347_0.index\n\tat "
                        + "org.apache.spark.storage.ShuffleBlockFetcherIterator.throwFetchFailedException(ShuffleBlockFetcherIterator.scala:748)"));
        assertEquals("java.lang.IllegalStateException: boom", FailureText.cause("Job aborted due to stage failure: "
                + "Task 1 in stage 2.0 failed 1 times, most recent failure: Lost task 1.0 in stage 2.0 (TID 7) (host executor 1): "
                + "java.lang.IllegalStateException: boom"));
    }

    @Test
    void aFailureWithoutExceptionIsNamedByItsEndReasonAndLongTextIsCut() {
        assertEquals("Resubmitted", FailureText.cause("Resubmitted", "", ""));
        assertEquals("ExecutorLostFailure: Executor Process Lost", FailureText.cause("ExecutorLostFailure", "", "Executor Process Lost"));
        String cut = FailureText.cause("x".repeat(1000));
        assertTrue(cut.length() <= FailureText.LIMIT + 1 && cut.endsWith("…"), cut);
    }
}
