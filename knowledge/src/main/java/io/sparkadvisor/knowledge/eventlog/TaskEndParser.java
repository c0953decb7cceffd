package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.sparkadvisor.knowledge.eventlog.TaskEndFields.Member;
import java.io.IOException;

/**
 * Reads a task-end event's {@link TaskEndFields} off Jackson's token stream, building no tree and
 * skipping what the facts do not use. It reads the lines {@link TaskEndBytes} leaves to it: a value
 * in a form Spark does not write (a float, an escape), a damaged line (whose error it reports).
 */
final class TaskEndParser {
    private TaskEndParser() {}

    /** Reads the rest of the event object (the "Event" field is consumed) into {@code task}. */
    static void parse(JsonParser p, TaskEnd task) throws IOException {
        task.reset();
        members(p, TaskEndFields.EVENT, task);
    }

    private static void members(JsonParser p, TaskEndFields fields, TaskEnd task) throws IOException {
        String name;
        while ((name = p.nextFieldName()) != null) {
            JsonToken value = p.nextToken();
            Member member = fields.member(name);
            TaskEndFields.Kind kind = member == null ? TaskEndFields.Kind.UNREAD : member.kind();
            switch (kind) {
                case INT -> member.number(task, p.getIntValue());
                case LONG, SUM -> member.number(task, p.getLongValue());
                case NANOS -> member.number(task, p.getLongValue() / TaskEndFields.NANOS_PER_MS);
                case BOOLEAN -> member.number(task, p.getBooleanValue() ? 1 : 0);
                case TEXT -> member.text(task, p.getText());
                case MESSAGE -> {
                    if (value == JsonToken.VALUE_STRING) {
                        member.text(task, p.getText());
                    }
                }
                case OBJECT -> {
                    if (value == JsonToken.START_OBJECT) {
                        members(p, member.object(), task);
                        continue;
                    }
                }
                case UNREAD -> { }
            }
            if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                p.skipChildren();
            }
        }
    }
}
