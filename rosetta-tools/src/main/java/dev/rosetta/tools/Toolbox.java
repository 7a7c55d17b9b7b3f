package dev.rosetta.tools;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.permission.CallSubject;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;
import dev.rosetta.tools.permission.RuleProposal;
import dev.rosetta.tools.permission.Verdict;

/**
 * A conversation's tools and the one way a call is run: bind the arguments, apply the permission
 * rules (a denied call is answered so, an allowed one runs without asking), show the preview, ask
 * for confirmation, run, and turn every failure into a result the model can read. A call never
 * throws out of here except when the calling thread is interrupted.
 */
public final class Toolbox implements AutoCloseable {

    // Replaced whole when tools come or go (an MCP server's, from another thread), so a reader
    // always sees one consistent set without a lock.
    private volatile Map<String, Tool> tools = new LinkedHashMap<>();
    private final List<ToolSource> sources = new CopyOnWriteArrayList<>();
    private final ToolContext context;
    private final Confirmation confirmation;
    private final PermissionRules rules;
    private final Consumer<PermissionRule> remembered;
    private boolean confirmEverything;
    private volatile int offerLimit = Integer.MAX_VALUE;

    public Toolbox(List<Tool> tools, ToolContext context, Confirmation confirmation) {
        this(tools, context, confirmation, PermissionRules.NONE, rule -> { });
    }

    /**
     * @param rules      the conversation's permission rules
     * @param remembered told of each rule the user chose to remember at a confirmation (to save it)
     */
    public Toolbox(List<Tool> tools, ToolContext context, Confirmation confirmation, PermissionRules rules,
            Consumer<PermissionRule> remembered) {
        tools.forEach(t -> this.tools.put(t.spec().name(), t));
        this.context = context;
        this.confirmation = confirmation;
        this.rules = rules;
        this.remembered = remembered;
    }

    public PermissionRules rules() {
        return rules;
    }

    public ToolContext context() {
        return context;
    }

    /**
     * Every tool loaded, whether or not it can run here: what the readers accept. A call to a tool
     * that cannot run (ipython without python3) is still read as a call, and answered
     * {@code [ERROR:Unavailable]} with the reason, rather than passing silently as prose.
     */
    public ToolCatalog catalog() {
        return ToolCatalog.of(tools.values().stream().map(Tool::spec).toList());
    }

    /**
     * The tools that can run here, in the order they came (built-in ones first, then each MCP
     * server's), at most {@link #offerAtMost} of them: what the system prompt describes and the
     * native tool list offers.
     */
    public ToolCatalog offered() {
        return ToolCatalog.of(tools.values().stream().filter(t -> t.unavailable().isEmpty()).limit(offerLimit)
                .map(Tool::spec).toList());
    }

    /**
     * Offers at most {@code limit} tools a request: ten thousand tools of a server would be some
     * 700,000 tokens in every request (and OpenAI's APIs take 128). The others can still be called.
     */
    public void offerAtMost(int limit) {
        offerLimit = limit;
    }

    /** Which of {@code names} can run here but are not offered, past {@link #offerAtMost}'s limit. */
    public List<String> notOffered(Collection<String> names) {
        Set<String> offered = new HashSet<>(offered().names());
        return names.stream().filter(n -> tool(n).filter(t -> t.unavailable().isEmpty()).isPresent())
                .filter(n -> !offered.contains(n)).toList();
    }

    /** The most tools a request offers ({@link #offerAtMost}). */
    public int offerLimit() {
        return offerLimit;
    }

    /** Tools that cannot run on this machine, and why. */
    public Map<String, String> unavailable() {
        Map<String, String> out = new LinkedHashMap<>();
        tools.values().forEach(t -> t.unavailable().ifPresent(why -> out.put(t.spec().name(), why)));
        return out;
    }

    public Optional<Tool> tool(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** Adds tools that arrived while the conversation runs, replacing any of the same name. */
    public synchronized void add(List<? extends Tool> more) {
        Map<String, Tool> next = new LinkedHashMap<>(tools);
        more.forEach(t -> next.put(t.spec().name(), t));
        tools = next;
    }

    /** Removes tools by name (a server's tools that went away); their sources close them. */
    public synchronized void remove(Collection<String> names) {
        Map<String, Tool> next = new LinkedHashMap<>(tools);
        next.keySet().removeAll(names);
        tools = next;
    }

    /** A source of tools that arrive later (MCP servers): awaited before requests, closed with the toolbox. */
    public void attach(ToolSource source) {
        sources.add(source);
    }

    /** What the sources' servers say about using their tools, by server name, in the order they were attached. */
    public Map<String, String> instructions() {
        Map<String, String> all = new LinkedHashMap<>();
        sources.forEach(source -> all.putAll(source.instructions()));
        return all;
    }

    /**
     * Waits, as long as each source allows, for tools still on their way; called before a
     * request, so the request offers what is there. Returns early when the thread is interrupted
     * (the flag stays set).
     */
    public void awaitSources() {
        for (ToolSource source : sources) {
            try {
                source.awaitTools();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Runs one call to its result. */
    public ToolResult execute(ToolUse use) throws InterruptedException {
        return execute(use, LiveOutput.NONE);
    }

    /** Runs one call to its result, its output copied to {@code live} while it runs. */
    public ToolResult execute(ToolUse use, LiveOutput live) throws InterruptedException {
        return execute(use, live, PreDecision.NONE);
    }

    /**
     * Runs one call to its result, with what a PreToolUse hook decided: approved, it is not asked
     * about unless a rule asks (a deny rule still denies); to be asked, it is asked even where calls
     * run unasked, and refused when no one can answer.
     */
    public ToolResult execute(ToolUse use, LiveOutput live, PreDecision pre) throws InterruptedException {
        Tool tool = tools.get(use.tool());
        if (tool == null) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, "there is no tool named '" + use.tool()
                    + "'; the tools are: " + String.join(", ", tools.keySet()));
        }
        Optional<String> unavailable = tool.unavailable();
        if (unavailable.isPresent()) {
            return ToolResult.error(ErrorCode.UNAVAILABLE, use.tool() + " is not available here: " + unavailable.get());
        }
        try {
            Arguments args = tool.normalize(tool.spec().bind(use));
            CallSubject subject = CallSubject.of(args, context.workspace());
            Verdict verdict = rules.decide(use.tool(), subject);
            Optional<ToolResult> refused = refusal(verdict);
            if (refused.isPresent()) {
                return refused.get();
            }
            // A hook's approval passes over the question, not over a rule that asks (or a deny rule that may match).
            boolean ask = switch (pre) {
                case PreDecision.None none -> mustAsk(verdict, tool);
                case PreDecision.Approved approved -> verdict.permission() == Permission.ASK;
                case PreDecision.MustAsk mustAsk -> true;
            };
            if (ask && pre instanceof PreDecision.MustAsk must && !confirmation.canAsk()) {
                return ToolResult.error(ErrorCode.DENIED, "not run: " + must.why() + ", and no one is there to"
                        + " answer; do it another way, or ask the user to run it");
            }
            Decision decision = !ask ? Decision.yes()
                    : confirmation.confirm(use, confirmation.wantsPreview() ? tool.preview(args, context) : null,
                            RuleProposal.of(use.tool(), subject));
            return carryOut(decision, tool, args, live);
        } catch (InvalidArgumentsException e) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, e.getMessage());
        } catch (ToolFailure f) {
            return f.toResult();
        }
    }

    /** What the user decided, done: the call run (a rule remembered first), or the model told why not. */
    private ToolResult carryOut(Decision decision, Tool tool, Arguments args, LiveOutput live)
            throws ToolFailure, InterruptedException {
        return switch (decision) {
            case Decision.Remember r -> {
                rules.remember(r.rule());
                remembered.accept(r.rule());
                live.running();
                yield tool.run(args, context, live);
            }
            case Decision.Refuse r -> {
                rules.remember(r.rule());
                remembered.accept(r.rule());
                yield ToolResult.error(ErrorCode.CANCELED, "the user declined to run this call, and calls like it"
                        + " from now on (" + r.rule().tool() + " \"" + r.rule().pattern() + "\"): do it another way,"
                        + " or ask the user");
            }
            case Decision.No no -> ToolResult.error(ErrorCode.CANCELED, "the user declined to run this call"
                    + (no.reason().isBlank() ? "" : ": " + no.reason()));
            case Decision.Edit edit -> {
                live.running();
                yield tool.run(edit.edited(), context, live);
            }
            case Decision.YesToAll all -> {
                confirmEverything = true;
                live.running();
                yield tool.run(args, context, live);
            }
            case Decision.Yes yes -> {
                live.running();
                yield tool.run(args, context, live);
            }
        };
    }

    /**
     * A call that must not run whatever the user answers: denied by a rule, or one a deny rule may
     * match where nobody can be asked ({@code -y}, {@code -n}) — refused with the reason, not run.
     */
    private Optional<ToolResult> refusal(Verdict verdict) {
        String why = verdict.reason().isEmpty() ? "" : " (" + verdict.reason() + ")";
        if (verdict.denies()) {
            return Optional.of(ToolResult.error(ErrorCode.DENIED, "denied by rule " + verdict.rule().describe() + why
                    + ": the call was not run. Do it another way, or ask the user to do it."));
        }
        if (verdict.doubtful() && !confirmation.canAsk()) {
            return Optional.of(ToolResult.error(ErrorCode.DENIED, "not run: the deny rule " + verdict.rule().describe()
                    + " may match it: " + verdict.reason() + ". With nobody to ask (-y, -n), such a call is refused."
                    + " Write the command plainly (each program by its name, no variables, wrappers or code in"
                    + " arguments) if it is not what the rule denies, or ask the user to run it."));
        }
        return Optional.empty();
    }

    /**
     * Whether the user is asked: unless a rule allows it. A trusted tool (an MCP server the user
     * trusts), every call after "yes to all" and, with {@code auto_approve_sandboxed}, a call that
     * runs inside the sandbox are asked about only when a rule says ask or a deny rule may match,
     * as with {@code -y}.
     */
    private boolean mustAsk(Verdict verdict, Tool tool) {
        boolean unasked = confirmEverything || tool.trusted() || approvedBySandbox(tool);
        return !verdict.allows() && (!unasked || verdict.permission() != null);
    }

    /** {@code auto_approve_sandboxed}: the call runs confined, so what it can do is what the sandbox allows. */
    private boolean approvedBySandbox(Tool tool) {
        return context.sandbox().approvesConfinedCalls() && tool.runsConfined(context);
    }

    @Override
    public void close() {
        try {
            tools.values().forEach(Tool::close);
        } finally {
            try {
                sources.forEach(ToolSource::close);
            } finally {
                context.sandbox().close(); // after every process that ran in it
            }
        }
    }
}
