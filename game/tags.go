package game

// Tag is one tag pair of a record, such as Event "Casual game".
type Tag struct {
	Name, Value string
}

// Tags is a record's tag pairs in the order they were given.
type Tags []Tag

// Get returns the value of the tag called name and whether it is present.
func (t Tags) Get(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Set gives the tag called name the value, replacing it in place or adding it
// at the end.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Delete removes the tag called name, if present.
func (t *Tags) Delete(name string) {
	for i := range *t {
		if (*t)[i].Name == name {
			*t = append((*t)[:i], (*t)[i+1:]...)
			return
		}
	}
}
