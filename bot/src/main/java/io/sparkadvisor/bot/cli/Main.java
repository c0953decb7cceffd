package io.sparkadvisor.bot.cli;

/** Entry point of the spark-advisor command line. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println("spark-advisor");
    }
}
