// People beside the examiner (docs/voting.md): blind votes, spans, the people's ratings and their
// agreement with the examiner. Commands here; reads in ./read.
export * from "./options";
export { VoteError } from "./votes/errors";
export { nextVoteRound } from "./votes/next";
export { castVote, addressHash, type CastOptions } from "./votes/cast";
export { excludeVoter, includeVoter } from "./votes/voters";
export { requestPeopleRecompute } from "./votes/recompute";
export { voteRequestSchema, spanRequestSchema, exclusionRequestSchema, type VoteRequest, type SpanRequest } from "./votes/requests";
export { createSpan, deleteSpan } from "./spans/create";
export * from "./read/votes";
export * from "./read/spans";
export * from "./references/commands";
export { parseReferenceText, suggestMapping, nameKey, REFERENCE_LIMITS, ReferenceParseError } from "./references/parse";
export { refreshPeopleSnapshots, peopleStale, type PeopleRefresh } from "./people/snapshot";
export { peopleBasis } from "./people/basis";
export { computePeople, type CountedVerdict, type PeopleInputs, type PeopleResult } from "./people/compute";
export { loadPeopleInputs, type PeopleScope } from "./people/inputs";
