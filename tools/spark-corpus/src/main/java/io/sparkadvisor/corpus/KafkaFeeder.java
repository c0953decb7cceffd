package io.sparkadvisor.corpus;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The Kafka scenarios' producer, in a JVM of its own: creates the topic, then sends records at a steady rate, spread
 * evenly over the partitions, until it is stopped. Arguments: bootstrap, topic, partitions, records per second.
 */
public final class KafkaFeeder {
  private KafkaFeeder() {}

  public static void main(String[] args) throws Exception {
    String bootstrap = args[0];
    String topic = args[1];
    int partitions = Integer.parseInt(args[2]);
    int perSecond = Integer.parseInt(args[3]);
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    try (AdminClient admin = AdminClient.create(p)) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(60, TimeUnit.SECONDS);
    }
    p.put("key.serializer", StringSerializer.class.getName());
    p.put("value.serializer", StringSerializer.class.getName());
    p.put("linger.ms", "5");
    long periodNs = 1_000_000_000L / perSecond;
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      long next = System.nanoTime();
      for (long i = 0; ; i++) {
        producer.send(new ProducerRecord<>(topic, (int) (i % partitions), "order-" + i,
            "{\"order_id\":" + i + ",\"amount\":" + (1 + i % 97) + "}"));
        next += periodNs;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
      }
    }
  }
}
