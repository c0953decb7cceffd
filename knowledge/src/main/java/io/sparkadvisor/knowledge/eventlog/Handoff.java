package io.sparkadvisor.knowledge.eventlog;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A producer running on a thread of its own that hands items to the caller through a bounded
 * queue, so that the two overlap on two cores while memory stays at a few items. What the producer
 * throws reaches the caller from {@link #take} after the items produced before it. Closing stops
 * the producer (it is interrupted at its next hand-over).
 */
final class Handoff<T> implements AutoCloseable {
    /** Produces items into {@link #put}. */
    interface Producer<T> {
        void run(Handoff<T> out) throws Exception;
    }

    private static final Object END = new Object();
    private final BlockingQueue<Object> queue;
    private final Thread thread;
    private volatile boolean closed;

    Handoff(String name, int capacity, Producer<T> producer) {
        queue = new ArrayBlockingQueue<>(capacity);
        thread = new Thread(() -> {
            Object last = END;
            try {
                producer.run(this);
            } catch (Throwable t) {
                last = new Failure(t);
            }
            if (!closed) {
                try {
                    queue.put(last);
                } catch (InterruptedException e) {
                    // closed meanwhile: nobody waits for it
                }
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    void put(T item) throws InterruptedException {
        if (closed) {
            throw new InterruptedException("closed");
        }
        queue.put(item);
    }

    /** The next item, or null after the last; rethrows what the producer threw. */
    @SuppressWarnings("unchecked")
    T take() throws IOException {
        Object item;
        try {
            item = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the event log");
        }
        if (item == END) {
            queue.add(END); // stays the answer
            return null;
        }
        if (item instanceof Failure f) {
            queue.add(f);
            throw f.rethrown();
        }
        return (T) item;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }

    private record Failure(Throwable cause) {
        IOException rethrown() {
            if (cause instanceof IOException e) {
                return e;
            }
            if (cause instanceof RuntimeException e) {
                throw e;
            }
            if (cause instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(cause);
        }
    }
}
