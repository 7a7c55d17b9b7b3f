package dev.rosetta.agent.log;

import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper of the log: strict JSON, but without the default limits on string length and depth. */
final class LogJson {

    /**
     * A log line may carry a whole file a tool read or wrote, so Jackson's 20-million-character
     * default string limit must not make a log unreadable after it was written without complaint.
     */
    static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .maxNestingDepth(10_000)
                    .maxNumberLength(100_000)
                    .build())
            .build()).build();

    private LogJson() {}
}
