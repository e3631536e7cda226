package analyze

// russianWeights are the weights of the Russian evaluation in use.
var russianWeights = handWeights()
