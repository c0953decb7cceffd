package io.sparkadvisor.corpus;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.AdminClient;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Uuid;

/**
 * A real Kafka broker for the Kafka scenarios: Kafka 3.4.1 (the line Spark 3.5 is built against) in KRaft mode, in a
 * JVM of its own on 127.0.0.1 (formatted with Kafka's StorageTool, started with {@code kafka.Kafka}), plus a
 * {@link KafkaFeeder} producing into it from another JVM. Closing stops both and deletes the broker's data.
 */
final class KafkaBroker implements AutoCloseable {
  private static final long START_TIMEOUT_MS = 120_000;

  private final Path dir;
  private final int port;
  private final List<Process> processes = new ArrayList<>();

  private KafkaBroker(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /** Starts the broker and its feeder: {@code partitions} partitions of the topic, {@code recordsPerSecond}. */
  static KafkaBroker start(Path work, String topic, int partitions, int recordsPerSecond)
      throws IOException, InterruptedException {
    Path dir = work.resolve("kafka");
    Main.deleteTree(dir);
    Files.createDirectories(dir);
    KafkaBroker b = new KafkaBroker(dir, freePort());
    int controllerPort = freePort();
    Path props = dir.resolve("server.properties");
    Files.writeString(props, String.join("\n",
        "process.roles=broker,controller",
        "node.id=1",
        "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
        "listeners=PLAINTEXT://127.0.0.1:" + b.port + ",CONTROLLER://127.0.0.1:" + controllerPort,
        "advertised.listeners=PLAINTEXT://127.0.0.1:" + b.port,
        "controller.listener.names=CONTROLLER",
        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.dirs=" + dir.resolve("data"),
        "offsets.topic.replication.factor=1",
        "transaction.state.log.replication.factor=1",
        "transaction.state.log.min.isr=1",
        "group.initial.rebalance.delay.ms=0",
        "auto.create.topics.enable=false", ""));
    Process format = b.java(256, "kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(),
        "-c", props.toString());
    if (!format.waitFor(120, TimeUnit.SECONDS) || format.exitValue() != 0) {
      throw new IllegalStateException("Kafka's StorageTool failed; see " + dir.resolve("kafka.tools.StorageTool.log"));
    }
    b.processes.add(b.java(384, "kafka.Kafka", props.toString()));
    b.awaitPort();
    b.processes.add(b.java(128, KafkaFeeder.class.getName(), b.bootstrap(), topic, Integer.toString(partitions),
        Integer.toString(recordsPerSecond)));
    b.awaitTopic(topic);
    return b;
  }

  String bootstrap() {
    return "127.0.0.1:" + port;
  }

  private Process java(int heapMb, String mainClass, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + heapMb + "m", "-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(List.of(args));
    Path log = dir.resolve(mainClass.substring(mainClass.lastIndexOf('.') + 1) + ".log");
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private void awaitPort() throws InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (System.currentTimeMillis() < deadline) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
        return;
      } catch (IOException notYet) {
        Thread.sleep(500);
      }
      if (!processes.get(0).isAlive()) {
        break;
      }
    }
    throw new IllegalStateException("the Kafka broker did not listen on " + bootstrap() + "; see " + dir);
  }

  /** Waits until the feeder has created the topic, so the query never starts on a missing one. */
  private void awaitTopic(String topic) throws InterruptedException {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap());
    try (AdminClient admin = AdminClient.create(p)) {
      long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
      while (System.currentTimeMillis() < deadline) {
        if (admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(topic)) {
          return;
        }
        Thread.sleep(500);
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("could not list the broker's topics at " + bootstrap(), e);
    }
    throw new IllegalStateException("the feeder did not create topic " + topic + "; see " + dir);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    for (int i = processes.size() - 1; i >= 0; i--) {
      Process p = processes.get(i);
      p.destroy();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
      }
    }
    Main.deleteTree(dir.resolve("data"));
  }
}
