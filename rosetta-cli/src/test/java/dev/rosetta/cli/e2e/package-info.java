/**
 * End-to-end tests: the real {@code rosetta} jar, run as a process by the JDK running the tests,
 * against {@link dev.rosetta.cli.e2e.FakeProvider}, a loopback server that answers in the wire
 * formats of OpenAI Chat Completions, OpenAI Responses and Anthropic Messages and records every
 * request. Each test gets a {@link dev.rosetta.cli.e2e.Sandbox}: its own HOME, XDG folders, log
 * folder, workspace and environment; no run may print or store the fake API keys.
 *
 * <p>They are {@code *IT} classes, run by failsafe after {@code package} built the jar:
 * {@code ./mvnw verify}, or one class with
 * {@code ./mvnw -pl rosetta-cli -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ResumeIT}.
 * Add {@code -Drosetta.e2e.show=true} to see every run's command, exit code, stdout and stderr.
 */
package dev.rosetta.cli.e2e;
