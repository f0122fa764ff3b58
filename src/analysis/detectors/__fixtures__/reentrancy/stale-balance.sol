// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IToken {
    function balanceOf(address account) external view returns (uint256);
}

interface IPayer {
    function pay(uint256 amount) external;
}

/// A token balance read before a call the caller controls and checked after it: the callee
/// can re-enter and move tokens in between, so the check sees a stale snapshot.
/// Look-alikes: the snapshot never read after the call, and a check on a fresh read only.
contract StaleBalance {
    IToken private token;

    function held() internal view returns (uint256) {
        return token.balanceOf(address(this));
    }

    function deposit(IToken tk, uint256 amount) external {
        uint256 before = tk.balanceOf(address(this));
        IPayer(msg.sender).pay(amount); // @expect reentrancy:balance
        require(tk.balanceOf(address(this)) - before >= amount, "short");
    }

    function depositViaHelper(uint256 amount, bool pay) external {
        uint256 before = held();
        if (pay) {
            IPayer(msg.sender).pay(amount); // @expect reentrancy:balance
        }
        if (held() - before < amount) revert("short");
    }

    function freshOnly(IToken tk, uint256 amount) external {
        uint256 before = tk.balanceOf(address(this));
        IPayer(msg.sender).pay(amount + before);
        require(tk.balanceOf(address(this)) > amount, "short");
    }
}
