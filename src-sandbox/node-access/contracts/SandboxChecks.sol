// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Sandbox Checks
/// @notice One function per kind of answer the RPC console decodes: a custom error with arguments, Error(string),
/// Panic(uint256), named outputs with a struct and an array, and inputs of tuple, bytes32, bytes and int types.
contract SandboxChecks {
    struct Position {
        address owner;
        uint256 amount;
        bool active;
    }

    event Checked(address indexed caller, bytes32 indexed tag, int256 delta, bytes note);

    error Unauthorized(address caller, uint256 code, string reason);

    /// @notice Always reverts with the custom error Unauthorized(caller, code, "not the owner").
    function failCustom(uint256 code) external view returns (bool) {
        revert Unauthorized(msg.sender, code, "not the owner");
    }

    /// @notice Always reverts with Error(string) "amount must be positive".
    function failRequire() external pure returns (bool) {
        require(false, "amount must be positive");
        return true;
    }

    /// @notice Divides a by b: b = 0 panics with Panic(0x12), division by zero.
    function divide(uint256 a, uint256 b) external pure returns (uint256 quotient) {
        return a / b;
    }

    /// @notice Asserts flag: false panics with Panic(0x01), assert failed.
    function failAssert(bool flag) external pure returns (bool) {
        assert(flag);
        return flag;
    }

    /// @notice Several named outputs, a struct and a dynamic array among them.
    function snapshot()
        external
        view
        returns (uint256 blockNumber, Position memory position, uint256[] memory amounts, string memory label)
    {
        blockNumber = block.number;
        position = Position({owner: address(this), amount: 1_500_000, active: true});
        amounts = new uint256[](3);
        amounts[0] = 1;
        amounts[1] = 22;
        amounts[2] = 333;
        label = "sandbox";
    }

    /// @notice Takes a struct, a bytes32, bytes and an int, and hands back what it made of them.
    function echo(Position calldata position, bytes32 tag, bytes calldata note, int256 delta)
        external
        pure
        returns (bytes32 digest, uint256 noteLength, int256 doubled, address owner)
    {
        digest = keccak256(abi.encode(position, tag, note, delta));
        noteLength = note.length;
        doubled = delta * 2;
        owner = position.owner;
    }

    /// @notice Emits Checked with the given values, for a log to decode (send it as a transaction).
    function record(bytes32 tag, int256 delta, bytes calldata note) external {
        emit Checked(msg.sender, tag, delta, note);
    }
}
