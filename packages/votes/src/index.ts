// People beside the examiner (docs/voting.md): blind votes, spans, the people's ratings and their
// agreement with the examiner. Commands here; reads in ./read.
export {};
