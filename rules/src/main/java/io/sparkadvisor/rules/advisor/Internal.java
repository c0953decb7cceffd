package io.sparkadvisor.rules.advisor;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An evidence component the rule works with but the finding's JSON evidence leaves out (internal models, cluster objects, inputs of other keys). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Internal {}
