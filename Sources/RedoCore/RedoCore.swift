public enum RedoCore {}
